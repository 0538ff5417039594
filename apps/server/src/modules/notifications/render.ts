import { NOTIFICATION_TYPES, type NotificationType } from '@kxt/contracts/notifications';
import {
  isMessageKey,
  type Locale,
  type MessageParams,
  placeholdersOf,
  translate,
} from '../../locales/translate.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';

export interface Rendered {
  title: string;
  body: string;
}

/** A notification's title and body in the recipient's language. */
export function renderNotice(type: NotificationType, params: MessageParams, locale: Locale): Rendered {
  return {
    title: translate(locale, `notify.${type}.title` as MessageKey, params),
    body: translate(locale, `notify.${type}.body` as MessageKey, params),
  };
}

const isParamValue = (value: unknown): value is MessageParams[string] =>
  typeof value === 'string' ||
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>)['zh-CN'] === 'string' &&
    typeof (value as Record<string, unknown>)['en-US'] === 'string');

/**
 * A notification's stored params, read back: an object whose values are all texts, numbers or a text per language,
 * else null (malformed JSON, another shape). The copy has no prototype, so a placeholder never finds an inherited name.
 */
export function parseNoticeParams(json: string | null): MessageParams | null {
  if (json === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const params: MessageParams = Object.create(null);
  for (const [name, value] of Object.entries(parsed)) {
    if (!isParamValue(value)) return null;
    params[name] = value;
  }
  return params;
}

/** The message of `key` when it exists and every placeholder in it has a value. */
const renderable = (locale: Locale, key: string, params: MessageParams): key is MessageKey =>
  isMessageKey(locale, key) && placeholdersOf(locale, key).every((name) => Object.hasOwn(params, name));

/**
 * A stored in-app notification in the reader's language of now, rendered again from its type and params. What was
 * stored when it was written stands when that cannot be done: a row from before params were kept, params that do not
 * read as params, a type whose texts are gone or need a value the row lacks.
 */
export function renderStoredNotice(
  row: { type: string; params: string | null; title: string; body: string },
  locale: Locale,
): Rendered {
  const stored = { title: row.title, body: row.body };
  if (!(NOTIFICATION_TYPES as readonly string[]).includes(row.type)) return stored;
  const params = parseNoticeParams(row.params);
  const titleKey = `notify.${row.type}.title`;
  const bodyKey = `notify.${row.type}.body`;
  if (!params || !renderable(locale, titleKey, params) || !renderable(locale, bodyKey, params)) return stored;
  return { title: translate(locale, titleKey, params), body: translate(locale, bodyKey, params) };
}

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The email of a notification: a plain-text part and an HTML part with the same words, in one language. */
export function renderEmail(rendered: Rendered, url: string, locale: Locale): EmailContent {
  const open = translate(locale, 'notify.email.open');
  const footer = translate(locale, 'notify.email.footer');
  return {
    subject: rendered.title,
    text: `${rendered.body}\n\n${open}: ${url}\n\n--\n${footer}\n`,
    html:
      `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.6">` +
      `<h2 style="font-size:18px">${escapeHtml(rendered.title)}</h2>` +
      `<p>${escapeHtml(rendered.body)}</p>` +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(open)}</a></p>` +
      `<hr><p style="color:#888;font-size:12px">${escapeHtml(footer)}</p></body></html>`,
  };
}

/** A text message: the title, then the body, short enough for a few SMS parts. */
export function renderSms(rendered: Rendered): string {
  const text = `${rendered.title}\n${rendered.body}`;
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}
