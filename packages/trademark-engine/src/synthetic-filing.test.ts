import { describe, expect, it } from 'vitest';
import { mulberry32 } from './prng.ts';
import {
  ApplicationNumbers,
  applicationDate,
  applicationNumberOf,
  dateText,
  GENERATED_AS_OF,
  registrationDateOf,
} from './synthetic-filing.ts';

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

  it('registers a late application within the months left before the data date, never after it', () => {
    const asOf = dateText(GENERATED_AS_OF);
    // Drawn at the top of the range, a registration used to land up to 29 months after December 2025.
    const top = () => 0.999;
    expect(registrationDateOf(20251228, top)).toBe('2025-12-28');
    expect(registrationDateOf(20251103, top)).toBe('2025-12-03');
    expect(registrationDateOf(20250415, top)).toBe('2025-12-15');
    expect(registrationDateOf(20200415, top)).toBe('2022-09-15');
    expect(registrationDateOf(20250415, () => 0)).toBe('2025-10-15');
    expect(registrationDateOf(20251228, () => 0) <= asOf).toBe(true);
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

describe('ApplicationNumbers', () => {
  const always = (value: number) => () => value;

  it('keeps a drawn number that is free', () => {
    const numbers = new ApplicationNumbers();
    expect(numbers.next('EM', 2020, always(0.25))).toBe('018250000');
    expect(numbers.next('JP', 2021, always(0.5))).toBe('2021-500000');
  });

  it('moves a repeated number to the next free one of the same shape', () => {
    const numbers = new ApplicationNumbers();
    const drawn = Array.from({ length: 4 }, () => numbers.next('GB', 2020, always(0.9999999)));
    expect(drawn).toEqual(['UK00009999999', 'UK00000000000', 'UK00000000001', 'UK00000000002']);
  });

  it('counts each dataset apart', () => {
    const numbers = new ApplicationNumbers();
    expect(numbers.next('WO', 2020, always(0))).toBe('1000000');
    expect(numbers.next('WPP', 2020, always(0))).toBe('1000000');
  });

  it('grows the serial by a digit once every number of its width is taken', () => {
    const numbers = new ApplicationNumbers();
    let millionth = '';
    for (let i = 0; i < 1_000_000; i++) millionth = numbers.next('WO', 2020, always(0.5));
    expect(millionth).toBe('1499999');
    expect(numbers.next('WO', 2020, always(0.5))).toBe('10500000');
    expect(numbers.next('WO', 2020, always(0.5))).toBe('10500001');
  }, 30_000);
});
