import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** Where the user's choice is remembered between visits. */
export const LANGUAGE_STORAGE_KEY = 'kxt.language';

const DAYJS_LOCALES: Record<Language, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

// Things outside React that follow the language: dates, the document's lang and title.
i18n.on('languageChanged', (language) => {
  if (!isLanguage(language)) return;
  dayjs.locale(DAYJS_LOCALES[language]);
  document.documentElement.lang = language;
  document.title = i18n.t('app.name');
});

void i18n.use(initReactI18next).init({
  // en-US must carry every key of zh-CN; `satisfies` makes a missing key a type error.
  resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS satisfies typeof zhCN } },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** The UI language; also what the API client sends as Accept-Language. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches the UI language and remembers the choice. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the switch still applies to this visit.
  }
  await i18n.changeLanguage(language);
}

export { i18n };
