import { TrademarkIndex } from './engine.ts';
import { isRecord } from './is-record.ts';
import { HIGH_RISK_SCORE } from './score.ts';
import type { MarkRecord } from './types.ts';

/** Score bands of the calibration set: very high from 80, medium from 60, and below 60. */
export const CALIBRATION_BANDS = ['very_high', 'medium', 'below_60'] as const;
export type CalibrationBand = (typeof CALIBRATION_BANDS)[number];

const VERY_HIGH_SCORE = 80;

/** A searched name, an earlier mark, the band an examiner's decision puts the pair in, and why. */
export interface CalibrationPair {
  readonly query: string;
  readonly mark: string;
  readonly expected: CalibrationBand;
  readonly reason: string;
  /** Nice classes searched, for words descriptive only of their goods; absent means every class. */
  readonly classes?: readonly number[];
  /** Why the engine is known to score this pair in another band: a stated limit, counted in the tables as it falls. */
  readonly knownMiss?: string;
}

export type ConfusionTable = Record<CalibrationBand, Record<CalibrationBand, number>>;

function isBand(value: unknown): value is CalibrationBand {
  return CALIBRATION_BANDS.includes(value as CalibrationBand);
}

/** Reads `calibration/calibration.json`; throws a TypeError naming the first malformed pair. */
export function parseCalibrationSet(json: unknown): CalibrationPair[] {
  if (!isRecord(json) || !Array.isArray(json.pairs))
    throw new TypeError('calibration set: expected { pairs: [...] }');
  return json.pairs.map((entry: unknown, i): CalibrationPair => {
    const where = `calibration pair ${i}`;
    if (!isRecord(entry)) throw new TypeError(`${where}: not an object`);
    if (
      entry.knownMiss !== undefined &&
      (typeof entry.knownMiss !== 'string' || entry.knownMiss.trim() === '')
    ) {
      throw new TypeError(`${where}: "knownMiss" must be text`);
    }
    for (const field of ['query', 'mark', 'reason'] as const) {
      const value = entry[field];
      if (typeof value !== 'string' || value.trim() === '')
        throw new TypeError(`${where}: "${field}" must be text`);
    }
    if (!isBand(entry.expected))
      throw new TypeError(`${where}: "expected" must be one of ${CALIBRATION_BANDS}`);
    const classes = entry.classes;
    if (
      classes !== undefined &&
      (!Array.isArray(classes) || classes.some((c) => !Number.isInteger(c) || c < 1 || c > 45))
    ) {
      throw new TypeError(`${where}: "classes" must be Nice classes 1–45`);
    }
    return {
      query: entry.query as string,
      mark: entry.mark as string,
      expected: entry.expected,
      reason: entry.reason as string,
      ...(classes === undefined ? {} : { classes: classes as number[] }),
      ...(entry.knownMiss === undefined ? {} : { knownMiss: entry.knownMiss as string }),
    };
  });
}

export function scoredBand(score: number): CalibrationBand {
  if (score >= VERY_HIGH_SCORE) return 'very_high';
  return score >= HIGH_RISK_SCORE ? 'medium' : 'below_60';
}

/** One mark per pair, numbered from `firstId`, in every class the pair searches. */
export function calibrationMarks(pairs: readonly CalibrationPair[], firstId: number): MarkRecord[] {
  return pairs.map((pair, i) => ({
    id: firstId + i,
    name: pair.mark,
    dataset: 'CN',
    niceClass: pair.classes ?? [9],
    status: 'registered' as const,
  }));
}

/**
 * Per pair, the score the index gives its mark when the pair's query is searched in the pair's classes; 0 when the
 * mark is not reported (below the score floor). The marks must have been added as `calibrationMarks(pairs, firstId)`.
 */
export function calibrationScores(
  index: TrademarkIndex,
  pairs: readonly CalibrationPair[],
  firstId: number,
): number[] {
  return pairs.map((pair, i) => {
    const { matches } = index.search({
      text: pair.query,
      ...(pair.classes ? { classes: pair.classes } : {}),
    });
    return matches.find((match) => match.id === firstId + i)?.score ?? 0;
  });
}

/** Scores of the pairs in an index holding only their marks: the calibration of the scoring itself. */
export function scoreCalibrationSet(pairs: readonly CalibrationPair[]): number[] {
  const index = new TrademarkIndex();
  index.add(calibrationMarks(pairs, 1));
  return calibrationScores(index, pairs, 1);
}

/** Counts of pairs by expected band (rows) and scored band (columns). */
export function confusionTable(pairs: readonly CalibrationPair[], scores: readonly number[]): ConfusionTable {
  const row = (): Record<CalibrationBand, number> => ({ very_high: 0, medium: 0, below_60: 0 });
  const table: ConfusionTable = { very_high: row(), medium: row(), below_60: row() };
  pairs.forEach((pair, i) => {
    table[pair.expected][scoredBand(scores[i] ?? 0)]++;
  });
  return table;
}
