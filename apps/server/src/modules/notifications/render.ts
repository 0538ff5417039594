import type { NotificationType } from '@kxt/contracts/notifications';
import { type Locale, type MessageParams, translate } from '../../locales/translate.ts';
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
