import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import type { ReactNode } from 'react';
import { I18nProvider, type SignLanguage, useI18n } from './i18n.tsx';
import { SignPage } from './SignPage.tsx';

function MobileLocale({ children }: { children: ReactNode }) {
  const { language } = useI18n();
  return <ConfigProvider locale={language === 'en-US' ? enUS : zhCN}>{children}</ConfigProvider>;
}

/** The signing page with its language and antd-mobile's matching locale. */
export function SignApp({ search, language }: { search: string; language?: SignLanguage }) {
  return (
    <I18nProvider initial={language}>
      <MobileLocale>
        <SignPage search={search} />
      </MobileLocale>
    </I18nProvider>
  );
}
