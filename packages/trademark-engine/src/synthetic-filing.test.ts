import { describe, expect, it } from 'vitest';
import { mulberry32 } from './prng.ts';
import { applicationDate, applicationNumberOf, dateText, registrationDateOf } from './synthetic-filing.ts';

describe('filing dates', () => {
  it('writes packed days as yyyy-MM-dd', () => {
    expect(dateText(20_240_305)).toBe('2024-03-05');
  });

  it('files pending marks recently and registers marks after they are filed', () => {
    const random = mulberry32(9);
    for (let i = 0; i < 500; i++) {
      const filed = applicationDate('filed', random);
      expect(Math.floor(filed / 10_000)).toBeGreaterThanOrEqual(2023);
      const applied = applicationDate('registered', random);
      expect(registrationDateOf(applied, random) > dateText(applied)).toBe(true);
    }
  });
});

describe('applicationNumberOf', () => {
  it('shapes numbers like each office', () => {
    const random = mulberry32(10);
    expect(applicationNumberOf('EM', 2020, random)).toMatch(/^018\d{6}$/);
    expect(applicationNumberOf('US', 2020, random)).toMatch(/^[789]\d{7}$/);
    expect(applicationNumberOf('GB', 2020, random)).toMatch(/^UK0000\d{7}$/);
    expect(applicationNumberOf('JP', 2021, random)).toMatch(/^2021-\d{6}$/);
    expect(applicationNumberOf('SG', 2019, random)).toMatch(/^SG2019\d{6}$/);
  });
});
