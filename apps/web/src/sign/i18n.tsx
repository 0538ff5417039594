import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import enUS from '../locales/sign.en-US.json';
import zhCN from '../locales/sign.zh-CN.json';

/**
 * The signing page's own small translator over its locale pair (locales/sign.*.json): i18next and the back
 * office's messages would cost the page a fifth of its 120 KB budget for some thirty strings.
 */
export type SignLanguage = 'zh-CN' | 'en-US';
export type SignMessageKey = keyof typeof zhCN;
type Params = Record<string, string | number>;

const CATALOGS: Record<SignLanguage, Record<SignMessageKey, string>> = {
  'zh-CN': zhCN,
  // en-US must carry every key of zh-CN; `satisfies` makes a missing key a type error.
  'en-US': enUS satisfies typeof zhCN,
};

/** The same key the back office uses (locales/i18n.ts), so a language chosen there carries over. */
export const LANGUAGE_STORAGE_KEY = 'kxt.language';

export function translate(language: SignLanguage, key: SignMessageKey, params: Params = {}): string {
  return CATALOGS[language][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** The language remembered from an earlier visit, else Chinese (the product's default). */
export function storedLanguage(): SignLanguage {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY) === 'en-US' ? 'en-US' : 'zh-CN';
  } catch {
    return 'zh-CN';
  }
}

interface I18n {
  language: SignLanguage;
  t: (key: SignMessageKey, params?: Params) => string;
  setLanguage: (language: SignLanguage) => void;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children, initial }: { children: ReactNode; initial?: SignLanguage }) {
  const [language, setState] = useState<SignLanguage>(() => initial ?? storedLanguage());
  const setLanguage = useCallback((next: SignLanguage) => {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch {
      // Storage may be unavailable (private mode); the switch still applies to this visit.
    }
    document.documentElement.lang = next;
    setState(next);
  }, []);
  const value = useMemo<I18n>(
    () => ({ language, setLanguage, t: (key, params) => translate(language, key, params) }),
    [language, setLanguage],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
