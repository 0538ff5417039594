import { PAYER_ACCOUNT_MAX } from '@kxt/contracts/payments';

const STORAGE_KEY = 'kxt.payment.payerAccounts';
/** How many earlier payer account names the transfer form offers. */
export const PAYER_HISTORY_MAX = 10;

/** Payer account names used before on this browser, newest first (spec §9: payer history kept locally). */
export function readPayerHistory(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((name): name is string => typeof name === 'string' && name.length > 0)
      : [];
  } catch {
    return [];
  }
}

/** Puts a name first in the history (once), keeping at most PAYER_HISTORY_MAX. */
export function rememberPayer(name: string): void {
  const trimmed = name.trim();
  if (!trimmed || [...trimmed].length > PAYER_ACCOUNT_MAX) return;
  const next = [trimmed, ...readPayerHistory().filter((entry) => entry !== trimmed)].slice(
    0,
    PAYER_HISTORY_MAX,
  );
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused: the history is a convenience.
  }
}
