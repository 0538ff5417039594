import { describe, expect, it } from 'vitest';
import { hasGeneratedMarks, latestRegisterTime } from './register-times.ts';

describe('register times', () => {
  it('tells when any register holds generated demo marks', () => {
    expect(hasGeneratedMarks(undefined)).toBe(false);
    expect(hasGeneratedMarks({ US: { lastAppDate: '2025-12-28', generated: false } })).toBe(false);
    expect(
      hasGeneratedMarks({
        US: { lastAppDate: '2025-12-28', generated: false },
        JP: { lastAppDate: '2025-11-02', generated: true },
      }),
    ).toBe(true);
    expect(latestRegisterTime({ JP: { lastAppDate: '2025-11-02', generated: true } })).toBe('2025-11-02');
  });
});
