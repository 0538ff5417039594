import { countries as zh } from 'i18n-iso-countries/langs/zh.json';
import { use, useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { loadLanguage } from '../../../locales/i18n.ts';

// The names are the data of i18n-iso-countries, not its index (which would bring every lookup helper and the
// `diacritics` tables). Chinese, the default language, comes with the page; English (another ~2.5 KB gzipped)
// loads when it is needed: the UI in English, the country picker focused (its search matches English names too),
// or the country dialog, which brings it with itself.
type Names = Readonly<Record<string, string | readonly string[]>>;
let english: Names | undefined;
let englishLoading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Makes the English names available to every market-name hook (once). */
export function provideEnglishNames(names: Names): void {
  if (english) return;
  english = names;
  for (const listener of listeners) listener();
}

/** Loads the English names if they are not there yet; the same promise for every caller. */
export function loadEnglishNames(): Promise<void> {
  // The app's English texts come too: they name the registers that are not countries (EM, WO, WPP, UF).
  englishLoading ??= Promise.all([
    loadLanguage('en-US'),
    english
      ? undefined
      : import('./english-country-names.ts').then((module) => provideEnglishNames(module.ENGLISH_NAMES)),
  ]).then(() => undefined);
  return englishLoading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A country's name as the package's `getName` gives it: the official one, which a list of names starts with. */
function countryName(names: Names | undefined, code: string): string | undefined {
  const name = names?.[code];
  return typeof name === 'string' ? name : name?.[0];
}

/** Registers that are not countries (EU marks, WIPO, the USPTO's supplement); their names are UI text. */
const REGISTERS = ['EM', 'WO', 'WPP', 'UF'] as const;
type Register = (typeof REGISTERS)[number];
const isRegister = (code: string): code is Register => (REGISTERS as readonly string[]).includes(code);

/**
 * A market's name in a language of the app (`zh-CN`, `en-US`), or the code itself when nobody knows it. In English
 * the caller suspends until the English names are there, so it never shows a wrong name; asked for English names
 * while the UI is in Chinese, it gives the code until they have loaded (and renders again then).
 */
export function useMarketName() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const englishNames = useSyncExternalStore(subscribe, () => english);
  if (language.startsWith('en') && !englishNames) use(loadEnglishNames());
  return useCallback(
    (code: string, lng: string = language): string => {
      if (isRegister(code)) return t(`trademarkSearch.markets.${code}`, { lng });
      return countryName(lng.startsWith('en') ? englishNames : zh, code) ?? code;
    },
    [t, language, englishNames],
  );
}

/** Whether a market matches the dialog's filter: its Chinese name, English name or code, ignoring case. */
export function useMarketMatcher() {
  const name = useMarketName();
  return useCallback(
    (code: string, query: string): boolean => {
      const wanted = query.trim().toLowerCase();
      if (!wanted) return true;
      return [code, name(code, 'zh-CN'), name(code, 'en-US')].some((text) =>
        text.toLowerCase().includes(wanted),
      );
    },
    [name],
  );
}
