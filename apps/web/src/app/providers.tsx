import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import type { Locale } from 'antd/es/locale';
import antdEnUS from 'antd/es/locale/en_US';
import antdZhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { setApiClientHooks } from '../components/api/api-client.ts';
import { MessageProvider, useMessageApi } from '../components/feedback/message.tsx';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../components/media/use-media-query.ts';
import { resetSession } from '../components/session/current-user.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../locales/i18n.ts';

const ANTD_LOCALES: Record<Language, Locale> = { 'zh-CN': antdZhCN, 'en-US': antdEnUS };

/** antd's text uses the page's one font stack (`fonts.css`), the same in both languages. */
export const APP_THEME: ThemeConfig = { token: { fontFamily: 'var(--kxt-font-family)' } };

/** The same theme without antd's motion, for visitors whose system asks for less of it. */
const STILL_THEME: ThemeConfig = { token: { ...APP_THEME.token, motion: false } };

/**
 * Names, rules and labels come from the server in the request's language: when the language changes, what is cached
 * is refetched, so nothing stays in the language the page was loaded in.
 */
function RefetchOnLanguageChange({ language }: { language: Language }) {
  const queryClient = useQueryClient();
  const loaded = useRef(language);
  useEffect(() => {
    if (loaded.current === language) return;
    loaded.current = language;
    void queryClient.invalidateQueries();
  }, [language, queryClient]);
  return null;
}

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
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ANTD_LOCALES[language]} theme={reducedMotion ? STILL_THEME : APP_THEME}>
        <MessageProvider>
          <ApiClientBridge />
          <RefetchOnLanguageChange language={language} />
          {children}
        </MessageProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
