/**
 * Limits and cookie names without zod: the web app's first load (the API client) imports these, so the schemas of
 * auth.ts (and zod with them) stay in the chunks of the pages that validate.
 */
export const USERNAME_MAX = 64;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

/** Names of the cookies and header the browser and the server agree on. */
export const SESSION_COOKIE = 'sid';
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
