import type { RiskLevel } from '@kxt/contracts/risk';

/** A risk map cell's state: one of the risk levels, or `none` for a class without a similar mark. */
export type CellLevel = RiskLevel | 'none';

export interface CellColors {
  readonly background: string;
  readonly text: string;
}

/**
 * The risk map's colours (issue #15): a light-to-dark ramp, so the levels differ by lightness as well as by hue.
 * Lightness is what survives colour blindness and greyscale print; the hue (blue, orange, dark red) adds to it for
 * everyone else. Fixed values rather than theme tokens: antd's `*Bg` tokens are nearly white and tell nothing.
 * The promises, checked by `risk-colors.test.ts` and in the browser by a screenshot:
 * - each cell's text meets WCAG AA (≥ 4.5:1) against its background;
 * - each level differs from the next by at least `MIN_LEVEL_CONTRAST` (none → low → medium → very high).
 */
export const RISK_CELL_COLORS: Readonly<Record<CellLevel, CellColors>> = {
  none: { background: '#FFFFFF', text: '#595959' },
  low_risk: { background: '#A8D1F0', text: '#1F1F1F' },
  high_risk: { background: '#DD8422', text: '#1F1F1F' },
  very_high_risk: { background: '#8E1530', text: '#FFFFFF' },
};

/** The levels from no match to very high risk, the order the ramp darkens in. */
export const CELL_LEVELS: readonly CellLevel[] = ['none', 'low_risk', 'high_risk', 'very_high_risk'];

/** WCAG AA for normal text. */
export const TEXT_CONTRAST = 4.5;
/** The least contrast between two neighbouring levels' backgrounds (as luminance contrast, so greyscale keeps it). */
export const MIN_LEVEL_CONTRAST = 1.6;

/** WCAG 2 relative luminance of an sRGB colour given as 0–255 channels. */
export function relativeLuminance([r, g, b]: readonly [number, number, number]): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** `#RRGGBB` as 0–255 channels. */
export function hexChannels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrastRatio(
  a: readonly [number, number, number],
  b: readonly [number, number, number],
): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}
