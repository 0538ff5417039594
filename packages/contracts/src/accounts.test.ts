import { describe, expect, it } from 'vitest';
import { isUnifiedSocialCreditCode, MAINLAND_MOBILE, verifyCompanyBody } from './accounts.ts';

describe('isUnifiedSocialCreditCode', () => {
  it.each(['91350100M000100Y43', '91110000802100433B', '91110108551385082Q'])('accepts %s', (code) => {
    expect(isUnifiedSocialCreditCode(code)).toBe(true);
  });

  it.each([
    ['a wrong check character', '91350100M000100Y44'],
    ['17 characters', '91350100M000100Y4'],
    ['a letter the code never uses (O)', '91350100M0001O0Y43'],
    ['lower case', '91350100m000100y43'],
    ['nothing', ''],
  ])('refuses %s', (_why, code) => {
    expect(isUnifiedSocialCreditCode(code)).toBe(false);
  });

  it('is checked after trimming and upper-casing in the verification body', () => {
    expect(verifyCompanyBody.parse({ licenceNo: ' 91350100m000100y43 ', name: '某公司' }).licenceNo).toBe(
      '91350100M000100Y43',
    );
  });
});

describe('MAINLAND_MOBILE', () => {
  it('takes 11 digits starting 13–19 and nothing else', () => {
    expect(MAINLAND_MOBILE.test('13912345678')).toBe(true);
    for (const bad of ['12912345678', '1391234567', '139123456789', '+8613912345678', '139 1234 5678']) {
      expect(MAINLAND_MOBILE.test(bad)).toBe(false);
    }
  });
});
