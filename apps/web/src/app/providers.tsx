import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import antdEnUS from 'antd/es/locale/en_US';
import antdZhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setApiClientHooks } from '../components/api/api-client.ts';
import { MessageProvider, useMessageApi } from '../components/feedback/message.tsx';
import { resetSession } from '../components/session/current-user.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../locales/i18n.ts';

const ANTD_LOCALES: Record<Language, Locale> = { 'zh-CN': antdZhCN, 'en-US': antdEnUS };

/**
 * Connects the API client to the app: errors appear through antd's message API (inside ConfigProvider, so they
 * follow theme and language), and a 401 clears the cached user, which makes the route guard go to the login page.
 */
function ApiClientBridge() {
  const message = useMessageApi();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      setApiClientHooks({
        // Keyed by text, so the same message from several failing calls shows once.
        notify: (msg) => void message.error({ content: msg, key: msg }),
        unauthorized: () => resetSession(queryClient, null, 'expired'),
      }),
    [message, queryClient],
  );
  return null;
}

/** Server state, antd (locale follows the UI language) and the API client's hooks. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // Subscribes to language changes, so antd's locale switches with the UI.
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ANTD_LOCALES[language]}>
        <MessageProvider>
          <ApiClientBridge />
          {children}
        </MessageProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
