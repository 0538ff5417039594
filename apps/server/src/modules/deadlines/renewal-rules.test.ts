import { describe, expect, it } from 'vitest';
import { nextRenewal, RENEWAL_RULES } from './renewal-rules.ts';

const asOf = new Date('2026-11-23T12:00:00Z');
const filed = (
  countryCode: string,
  patentType: number,
  filedOn: string | null,
  grantedOn: string | null = null,
) => nextRenewal({ countryCode, patentType, filedOn, grantedOn }, asOf);

describe('renewal rule table', () => {
  it('China: every type yearly on the filing-date anniversary, within its term', () => {
    expect(filed('CN', 2, '2024-03-15')).toEqual({ dueOn: '2027-03-15' });
    expect(filed('CN', 3, '2020-12-01')).toEqual({ dueOn: '2026-12-01' });
    expect(filed('CN', 1, '2025-11-23')).toEqual({ dueOn: '2026-11-23' });
    // A utility model filed 10 years ago has no fee left (term 10 years).
    expect(filed('CN', 3, '2016-12-01')).toEqual({ missing: 'termEnded' });
  });

  it('US: utility patents at 3.5, 7.5 and 11.5 years from grant; designs and utility models none', () => {
    expect(filed('US', 2, '2020-01-10', '2024-02-29')).toEqual({ dueOn: '2027-08-29' });
    expect(filed('US', 2, '2010-01-10', '2016-01-05')).toEqual({ dueOn: '2027-07-05' });
    expect(filed('US', 2, '2020-01-10', null)).toEqual({ missing: 'notGranted' });
    expect(filed('US', 1, '2025-01-10', '2025-06-01')).toEqual({ missing: 'noRenewals' });
    expect(filed('US', 3, '2025-01-10')).toEqual({ missing: 'noRenewals' });
  });

  it('EP and DE: yearly from the 3rd year at the end of the anniversary month; DE utility models at 3, 6, 8', () => {
    expect(filed('EP', 2, '2025-02-10')).toEqual({ dueOn: '2027-02-28' });
    expect(filed('DE', 2, '2024-01-31')).toEqual({ dueOn: '2027-01-31' });
    expect(filed('DE', 3, '2021-05-04')).toEqual({ dueOn: '2027-05-31' });
    expect(filed('DE', 1, '2025-05-04')).toEqual({ dueOn: '2030-05-31' });
    expect(filed('EP', 1, '2025-05-04')).toEqual({ missing: 'noRenewals' });
  });

  it('GB: patents from the 4th anniversary; no utility models', () => {
    expect(filed('GB', 2, '2025-06-15')).toEqual({ dueOn: '2029-06-30' });
    expect(filed('GB', 2, '2019-12-01')).toEqual({ dueOn: '2026-12-31' });
    expect(filed('GB', 3, '2025-06-15')).toEqual({ missing: 'noRenewals' });
  });

  it('JP: annual fees counted from the registration date, from the 4th year for patents', () => {
    expect(filed('JP', 2, '2023-01-01', '2025-04-10')).toEqual({ dueOn: '2028-04-10' });
    expect(filed('JP', 1, '2024-01-01', '2025-04-10')).toEqual({ dueOn: '2027-04-10' });
    expect(filed('JP', 2, '2023-01-01', null)).toEqual({ missing: 'notGranted' });
  });

  it('a leap day anniversary falls on 28 February', () => {
    expect(filed('CN', 2, '2024-02-29')).toEqual({ dueOn: '2027-02-28' });
  });

  it('an unknown country or an unfiled patent has no date, and says why', () => {
    expect(filed('FR', 2, '2025-01-01')).toEqual({ missing: 'unknownCountry' });
    expect(filed('CN', 2, null)).toEqual({ missing: 'notFiled' });
  });

  it('every rule lists its fees in order and within the term', () => {
    for (const rules of Object.values(RENEWAL_RULES)) {
      for (const rule of Object.values(rules)) {
        if (!rule) continue;
        expect([...rule.atYears].sort((a, b) => a - b)).toEqual(rule.atYears);
        expect(Math.max(...rule.atYears)).toBeLessThan(rule.termYears);
      }
    }
  });
});
