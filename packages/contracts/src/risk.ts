// Risk thresholds of spec §9: the server rates each class with them and the search screen colours its risk map.

export const RISK_LEVELS = ['low_risk', 'high_risk', 'very_high_risk'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export interface RiskThresholds {
  /** Scores at or above this are very high risk. */
  readonly veryHigh: number;
  /** Scores at or above this (and below `veryHigh`) are high risk; below it, low risk. */
  readonly high: number;
}

/** Default set: very high above 80, high 60 to 79.99, low below 60. */
export const DEFAULT_RISK_THRESHOLDS: RiskThresholds = Object.freeze({ veryHigh: 80, high: 60 });

/** Target set: very high above 85, high 60 to 84.99, low below 60. */
export const TARGET_RISK_THRESHOLDS: RiskThresholds = Object.freeze({ veryHigh: 85, high: 60 });

/** Countries whose own examination is stricter; the target set applies when one of them is the only selection. */
export const TARGET_THRESHOLD_COUNTRIES: readonly string[] = Object.freeze(['DE', 'JP', 'EM', 'GB']);

/** The threshold set for a search: the target set only when exactly one country is selected and it is DE, JP, EM or GB. */
export function riskThresholds(selectedCountries: readonly string[]): RiskThresholds {
  const only = selectedCountries.length === 1 ? selectedCountries[0]?.trim().toUpperCase() : undefined;
  return only !== undefined && TARGET_THRESHOLD_COUNTRIES.includes(only)
    ? TARGET_RISK_THRESHOLDS
    : DEFAULT_RISK_THRESHOLDS;
}

/**
 * Risk level of a class from its highest similarity score; null when the class has no match. The spec's bands end
 * at 79.99 (or 84.99), so the upper threshold itself already counts as very high risk.
 */
export function riskLevel(
  maxScore: number | null | undefined,
  selectedCountries: readonly string[],
): RiskLevel | null {
  if (maxScore === null || maxScore === undefined || Number.isNaN(maxScore)) return null;
  const thresholds = riskThresholds(selectedCountries);
  if (maxScore >= thresholds.veryHigh) return 'very_high_risk';
  if (maxScore >= thresholds.high) return 'high_risk';
  return 'low_risk';
}
