import { describe, expect, it } from 'vitest';
import {
  CELL_LEVELS,
  contrastRatio,
  hexChannels,
  MIN_LEVEL_CONTRAST,
  RISK_CELL_COLORS,
  TEXT_CONTRAST,
} from './risk-colors.ts';

const channels = (hex: string) => hexChannels(hex);

describe('risk map colours', () => {
  it('computes WCAG contrast', () => {
    expect(contrastRatio(channels('#FFFFFF'), channels('#000000'))).toBeCloseTo(21, 5);
    expect(contrastRatio(channels('#777777'), channels('#FFFFFF'))).toBeCloseTo(4.48, 2);
  });

  it.each(CELL_LEVELS)('gives %s text WCAG AA contrast against its cell', (level) => {
    const { background, text } = RISK_CELL_COLORS[level];
    expect(contrastRatio(channels(background), channels(text))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('darkens from no match to very high risk by at least the chosen contrast per step', () => {
    for (let index = 1; index < CELL_LEVELS.length; index++) {
      const lighter = RISK_CELL_COLORS[CELL_LEVELS[index - 1] ?? 'none'].background;
      const darker = RISK_CELL_COLORS[CELL_LEVELS[index] ?? 'none'].background;
      expect(contrastRatio(channels(lighter), channels(darker))).toBeGreaterThanOrEqual(MIN_LEVEL_CONTRAST);
    }
  });
});
