import type { MessageParams } from './locales/translate.ts';
import type { MessageKey } from './locales/zh-CN.ts';

/**
 * An answer other than 200 that a service decides on. The error handler turns it into the `{ code, msg }`
 * envelope in the caller's language; services never touch HTTP objects.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
    readonly fields?: Record<string, MessageKey>,
  ) {
    super(messageKey);
  }
}

export const badRequest = (key: MessageKey = 'badRequest', params?: MessageParams) =>
  new HttpError(400, key, params);
export const unauthorized = (key: MessageKey = 'unauthorized') => new HttpError(401, key);
export const forbidden = (key: MessageKey = 'forbidden') => new HttpError(403, key);
/** Also the answer for another customer's record: its existence is not revealed. */
export const notFound = () => new HttpError(404, 'notFound');
export const conflict = (key: MessageKey = 'conflict', params?: MessageParams) =>
  new HttpError(409, key, params);
