import { isStaffRole, type Role } from '@kxt/contracts/role-names';

export const LOGIN_PATH = '/login';
export const ADMIN_HOME_PATH = '/admin';
export const PORTAL_HOME_PATH = '/';
/** Two-step verification: where a session that owes its second factor is sent, and where anyone turns it on. */
export const TWO_FACTOR_PATH = '/account/two-factor';

/** The second-factor page, remembering the page to go on to (a path, or a location). */
export function twoFactorPath(target: string | { pathname: string; search?: string }): string {
  const path = typeof target === 'string' ? target : `${target.pathname}${target.search ?? ''}`;
  return `${TWO_FACTOR_PATH}?redirect=${encodeURIComponent(path)}`;
}
/** Public account pages (issue 17): self sign-up and the forgotten-password reset; the profile for every role. */
export const REGISTER_PATH = '/register';
export const RESET_PASSWORD_PATH = '/reset-password';
export const PROFILE_PATH = '/profile';

/** Where a user lands after login when nothing else was asked for: staff in the back office, customers in the portal. */
export function homePathFor(role: Role): string {
  return isStaffRole(role) ? ADMIN_HOME_PATH : PORTAL_HOME_PATH;
}

/** The login page, remembering the page to come back to. */
export function loginPath(location: { pathname: string; search?: string; hash?: string }): string {
  const target = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  if (target === LOGIN_PATH || target.startsWith(`${LOGIN_PATH}?`)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`;
}

/**
 * A redirect target taken from the URL, accepted only when it is a path on this site: never another origin
 * (`//evil.example`, `/\evil.example`, `https://…`), never the login page itself.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  const isLoginPage = value === LOGIN_PATH || /^\/login[?#]/.test(value);
  return isLoginPage ? null : value;
}

export function afterLoginPath(role: Role, redirect: string | null | undefined): string {
  return safeRedirect(redirect) ?? homePathFor(role);
}
