import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/** The shortest password the product accepts (issue: at least 10 characters). */
export const MIN_PASSWORD_LENGTH = 10;
/** Longer passwords add nothing and cost argon2 and zxcvbn time: a bound, not a rule users meet. */
export const MAX_PASSWORD_LENGTH = 128;
/** zxcvbn scores 0–4; 3 is "safely unguessable: moderate protection from offline slow-hash attacks". */
const MIN_SCORE = 3;

/**
 * Why a password is refused, as a stable key the web and the server locales translate:
 * `tooShort`, `tooLong`, `containsPersonalData` (the user's own name, mobile, e-mail or company), `common` (a
 * dictionary word, a common password or a keyboard pattern), `weak` (guessable for another reason).
 */
export type PasswordRefusal = 'tooShort' | 'tooLong' | 'containsPersonalData' | 'common' | 'weak';

export type PasswordVerdict = { ok: true } | { ok: false; reason: PasswordRefusal };

let checker: ZxcvbnFactory | undefined;
/** Built on first use: the dictionaries take some milliseconds to index and most processes never need them. */
function passwordChecker(): ZxcvbnFactory {
  checker ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
  });
  return checker;
}

/** Dictionary pattern names zxcvbn uses for a password built from known words or lists. */
const COMMON_PATTERNS = new Set(['dictionary', 'spatial', 'repeat', 'sequence']);

/**
 * Checks a new password against the policy: length, then strength by `@zxcvbn-ts/core` with its common-password,
 * English and name dictionaries plus the user's own details (`personalInputs`: name, mobile, e-mail, company), so a
 * password made of them is refused even when long.
 */
export async function checkPasswordPolicy(
  password: string,
  personalInputs: readonly (string | null | undefined)[] = [],
): Promise<PasswordVerdict> {
  if (password.length < MIN_PASSWORD_LENGTH) return { ok: false, reason: 'tooShort' };
  if (password.length > MAX_PASSWORD_LENGTH) return { ok: false, reason: 'tooLong' };
  const inputs = personalInputs.filter((input): input is string =>
    Boolean(input && input.trim().length >= 3),
  );
  const result = await passwordChecker().checkAsync(password, inputs);
  if (result.score >= MIN_SCORE) return { ok: true };
  const weakest = result.sequence.reduce((longest, part) =>
    part.token.length > longest.token.length ? part : longest,
  );
  if (weakest.pattern === 'dictionary' && weakest.dictionaryName === 'userInputs') {
    return { ok: false, reason: 'containsPersonalData' };
  }
  return { ok: false, reason: COMMON_PATTERNS.has(weakest.pattern) ? 'common' : 'weak' };
}
