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

export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  return catalogs[locale][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name] ?? '';
    return typeof value === 'object' ? value[locale] : String(value);
  });
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
