import { enUS } from './en-US.ts';
import { type MessageKey, zhCN } from './zh-CN.ts';

export type Locale = 'zh-CN' | 'en-US';
/** A value that reads differently per language (a status name, for example), picked when the message is written. */
export type LocalizedParam = Record<Locale, string>;
export type MessageParams = Record<string, string | number | LocalizedParam>;

const catalogs: Record<Locale, Record<MessageKey, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

/** English when the caller asks for it first, Chinese otherwise (the product's default language). */
export function localeFromHeader(acceptLanguage: string | undefined): Locale {
  return acceptLanguage?.trim().toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** Whether a key read from stored data (a notification's type, say) names a message of the locale's catalog. */
export function isMessageKey(locale: string, key: string): key is MessageKey {
  return Object.hasOwn(catalogs, locale) && Object.hasOwn(catalogs[locale as Locale], key);
}

/** The names of the values a message asks for. */
export function placeholdersOf(locale: Locale, key: MessageKey): string[] {
  return [...catalogs[locale][key].matchAll(PLACEHOLDER)].map((match) => match[1] as string);
}

export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  return catalogs[locale][key].replace(PLACEHOLDER, (_, name: string) => {
    const value = params[name] ?? '';
    return typeof value === 'object' ? value[locale] : String(value);
  });
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
