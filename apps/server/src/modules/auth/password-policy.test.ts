import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy, MAX_PASSWORD_LENGTH } from './password-policy.ts';

describe('checkPasswordPolicy', () => {
  it('refuses a password under ten characters, however random', async () => {
    expect(await checkPasswordPolicy('x7#Qp2!z')).toEqual({ ok: false, reason: 'tooShort' });
  });

  it('refuses an absurdly long password before spending time on it', async () => {
    expect(await checkPasswordPolicy('a'.repeat(MAX_PASSWORD_LENGTH + 1))).toEqual({
      ok: false,
      reason: 'tooLong',
    });
  });

  it.each(['password123', 'qwertyuiop', '1234567890', 'iloveyou123'])(
    'refuses the common password %s',
    async (pw) => {
      expect(await checkPasswordPolicy(pw)).toEqual({ ok: false, reason: 'common' });
    },
  );

  it("refuses a password made of the user's own details", async () => {
    expect(await checkPasswordPolicy('13800138000', ['13800138000', 'Zhang Wei'])).toEqual({
      ok: false,
      reason: 'containsPersonalData',
    });
  });

  it('accepts a long password of unrelated words and symbols', async () => {
    expect(await checkPasswordPolicy('Lantern-Oyster-47-Quill')).toEqual({ ok: true });
  });
});
