import { describe, expect, it } from 'vitest';
import { DESIGNATION_REGISTERS, REGIONAL_REGISTERS, SECONDARY_REGISTERS } from './jurisdictions.ts';
import { jurisdictionKind, registerName } from './registers.ts';

describe('register names', () => {
  it('names the registers of the issue in both languages', () => {
    expect(registerName('EM', 'zh-CN')).toBe('欧盟知识产权局');
    expect(registerName('EM', 'en-US')).toContain('EUIPO');
    expect(registerName('WO', 'zh-CN')).toBe('马德里国际注册');
    expect(registerName('WO', 'en-US')).toBe('Madrid international registration');
    expect(registerName('us', 'zh-CN')).toBe('美国专利商标局 USPTO');
    expect(registerName('XX', 'zh-CN')).toBeUndefined();
  });

  it('names every regional, international and secondary register effectIn knows', () => {
    const codes = [
      ...Object.keys(REGIONAL_REGISTERS),
      ...DESIGNATION_REGISTERS,
      ...Object.entries(SECONDARY_REGISTERS).flat(),
    ];
    for (const code of codes) {
      expect(registerName(code, 'zh-CN'), code).toBeTruthy();
      expect(registerName(code, 'en-US'), code).toBeTruthy();
    }
  });
});

describe('jurisdiction kind', () => {
  it.each([
    ['US', 'US', 'own'],
    ['UF', 'US', 'own'],
    ['EM', 'DE', 'regional'],
    ['BX', 'NL', 'regional'],
    ['WO', 'DE', 'international'],
    ['WPP', 'US', 'international'],
    ['EM', 'EM', 'own'],
    ['DE', 'EM', 'member'],
    ['WO', 'WO', 'international'],
  ])('%s on the %s tab is %s', (dataset, market, kind) => {
    expect(jurisdictionKind(dataset, market)).toBe(kind);
  });
});
