import { describe, expect, it } from 'vitest';
import { oppositionDeadline } from './opposition.ts';

describe('oppositionDeadline', () => {
  it('adds the register period to the publication date', () => {
    expect(oppositionDeadline('EM', '2026-11-20')).toBe('2027-02-20');
    expect(oppositionDeadline('US', '2026-11-20')).toBe('2026-12-20');
    expect(oppositionDeadline('GB', '2026-12-31')).toBe('2027-02-28');
    expect(oppositionDeadline('CN', '2028-11-30')).toBe('2029-02-28');
  });

  it('is unknown without a publication date, for a register without a rule, or an international registration', () => {
    expect(oppositionDeadline('EM', null)).toBeNull();
    expect(oppositionDeadline('ZZ', '2026-11-20')).toBeNull();
    expect(oppositionDeadline('WO', '2026-11-20')).toBeNull();
    expect(oppositionDeadline('EM', 'soon')).toBeNull();
  });
});
