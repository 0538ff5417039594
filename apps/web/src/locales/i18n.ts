import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { receiveChineseTexts } from './chinese-texts.ts';
import type enUSBundle from './en-US.json';
import type zhCN from './zh-CN.json';

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

// en-US must carry every key of zh-CN: a missing key makes this line a type error.
const englishHasEveryKey: typeof enUSBundle extends typeof zhCN ? true : never = true;
void englishHasEveryKey;

/**
 * English (~12 KB gzipped) is a chunk of its own, loaded when the user reads English, so the Chinese first load does
 * not carry it (the route budgets). Chinese, the default, comes in parts: each module brings the groups of texts it
 * names (build/locale-parts.ts), so a page's chunk carries its own texts.
 */
const loadEnglish = async (): Promise<typeof zhCN> => (await import('./en-US.json')).default;

/** Makes a language's texts available (once); the same texts for every caller. */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === DEFAULT_LANGUAGE || i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await loadEnglish());
}

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: {} } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
receiveChineseTexts((part) => i18n.addResourceBundle(DEFAULT_LANGUAGE, 'translation', part, true, true));

/**
 * The remembered language, with its texts loaded: the app renders once this settles, so English readers never see
 * a Chinese first frame. A failed load (offline) leaves the default language.
 */
export const languageReady: Promise<void> = (async () => {
  const language = storedLanguage();
  if (language === DEFAULT_LANGUAGE) return;
  try {
    await loadLanguage(language);
    await i18n.changeLanguage(language);
  } catch {
    // The chunk could not be loaded: Chinese it is, for this visit.
  }
})();

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
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

export { i18n };
