import { Secret, TOTP } from 'otpauth';
import type { APIRequestContext, Page } from 'playwright-core';

/** The second-factor page (TWO_FACTOR_PATH in the web app). */
export const TWO_FACTOR_PATH = '/account/two-factor';

interface Factor {
  secret: string;
  recoveryCodes: string[];
}
/** What each demo user enrolled with on each server of this test file, to log in again later. */
const factors = new Map<string, Factor>();

/** The current TOTP code of `secret`, or that of a later 30-second step (a step is accepted only once). */
export const totpCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

async function csrfToken(request: APIRequestContext, baseUrl: string): Promise<string> {
  const response = await request.get(`${baseUrl}/api/auth/csrf`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function post(request: APIRequestContext, url: string, csrf: string, data?: unknown) {
  const response = await request.post(url, { headers: { 'x-csrf-token': csrf }, ...(data ? { data } : {}) });
  if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: unknown }).data;
}

/**
 * Gives the second factor a freshly logged-in session owes (admin and finance must have one), through the API: the
 * first time a user enrols (and the secret and recovery codes are kept), later it verifies with a recovery code,
 * or with the next step's TOTP code once they are used up.
 */
export async function passSecondFactor(request: APIRequestContext, baseUrl: string, username: string) {
  const status = await request.get(`${baseUrl}/api/auth/two-factor`);
  const pending = ((await status.json()) as { data: { pending: 'enrol' | 'verify' | null } }).data.pending;
  if (!pending) return;
  const csrf = await csrfToken(request, baseUrl);
  const key = `${baseUrl}|${username}`;
  if (pending === 'enrol') {
    const { secret } = (await post(request, `${baseUrl}/api/auth/two-factor/enrol`, csrf)) as {
      secret: string;
    };
    const { recoveryCodes } = (await post(request, `${baseUrl}/api/auth/two-factor/confirm`, csrf, {
      code: totpCode(secret),
    })) as { recoveryCodes: string[] };
    factors.set(key, { secret, recoveryCodes });
    return;
  }
  const factor = factors.get(key);
  if (!factor) throw new Error(`${username} enrolled outside this test file: its second factor is unknown`);
  const code = factor.recoveryCodes.shift() ?? totpCode(factor.secret, 1);
  await post(request, `${baseUrl}/api/auth/two-factor/verify`, csrf, { code });
}

/**
 * After the login form was sent: when the app asks for the second factor, gives it (through the page's session)
 * and opens the page the login was headed for.
 */
export async function passSecondFactorInPage(page: Page, baseUrl: string, username: string) {
  await page.waitForURL((url) => url.pathname !== '/login');
  const url = new URL(page.url());
  if (url.pathname !== TWO_FACTOR_PATH) return;
  await passSecondFactor(page.request, baseUrl, username);
  await page.goto(`${baseUrl}${url.searchParams.get('redirect') ?? '/'}`);
}
