import { describe, expect, it } from 'vitest';
import { DEFAULT_RISK_THRESHOLDS, riskLevel, riskThresholds, TARGET_RISK_THRESHOLDS } from './risk.ts';

describe('riskLevel with the default set', () => {
  it('is very high from 80, high from 60 to 79.99, low below 60', () => {
    expect(riskLevel(100, ['US'])).toBe('very_high_risk');
    expect(riskLevel(80, ['US'])).toBe('very_high_risk');
    expect(riskLevel(79.99, ['US'])).toBe('high_risk');
    expect(riskLevel(60, ['US'])).toBe('high_risk');
    expect(riskLevel(59.99, ['US'])).toBe('low_risk');
    expect(riskLevel(0, ['US'])).toBe('low_risk');
  });

  it('is null when the class has no match', () => {
    expect(riskLevel(null, ['US'])).toBeNull();
    expect(riskLevel(undefined, ['US'])).toBeNull();
    expect(riskLevel(Number.NaN, ['US'])).toBeNull();
  });
});

describe('riskLevel with the target set', () => {
  it('applies to DE, JP, EM or GB chosen alone: very high from 85, high from 60 to 84.99', () => {
    for (const country of ['DE', 'JP', 'EM', 'GB', 'gb']) {
      expect(riskLevel(85, [country])).toBe('very_high_risk');
      expect(riskLevel(84.99, [country])).toBe('high_risk');
      expect(riskLevel(82, [country])).toBe('high_risk');
      expect(riskLevel(60, [country])).toBe('high_risk');
      expect(riskLevel(59.99, [country])).toBe('low_risk');
    }
  });

  it('does not apply with other or several countries', () => {
    expect(riskLevel(82, ['US'])).toBe('very_high_risk');
    expect(riskLevel(82, ['DE', 'JP'])).toBe('very_high_risk');
    expect(riskLevel(82, ['DE', 'US'])).toBe('very_high_risk');
    expect(riskLevel(82, [])).toBe('very_high_risk');
  });

  it('exposes the thresholds', () => {
    expect(riskThresholds(['JP'])).toBe(TARGET_RISK_THRESHOLDS);
    expect(riskThresholds(['CN'])).toBe(DEFAULT_RISK_THRESHOLDS);
    expect(TARGET_RISK_THRESHOLDS).toEqual({ veryHigh: 85, high: 60 });
    expect(DEFAULT_RISK_THRESHOLDS).toEqual({ veryHigh: 80, high: 60 });
  });
});
