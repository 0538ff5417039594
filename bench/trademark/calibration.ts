import { readFileSync } from 'node:fs';
import {
  CALIBRATION_BANDS,
  type CalibrationPair,
  type ConfusionTable,
  calibrationMarks,
  calibrationScores,
  confusionTable,
  parseCalibrationSet,
  scoreCalibrationSet,
  scoredBand,
} from '@kxt/trademark-engine/calibration-set';
import type { TrademarkIndex } from '@kxt/trademark-engine/engine';

const CALIBRATION_FILE = new URL(
  '../../packages/trademark-engine/calibration/calibration.json',
  import.meta.url,
);
const LISTED_MISSES = 10;

export interface CalibrationReport {
  readonly pairs: number;
  /** Scored in an index of the set's marks alone: the scoring itself (what `calibration.test.ts` checks). */
  readonly alone: ConfusionTable;
  /** Scored with the set's marks added to the benchmark corpus, where frequent words are set aside too. */
  readonly inCorpus: ConfusionTable;
  /** Pairs whose band differs in the corpus, at most `LISTED_MISSES`. */
  readonly corpusMisses: readonly string[];
}

/**
 * Scores the calibration set alone and inside the benchmark's index (adding its marks from `firstId`, after the
 * timed queries), prints both confusion tables (expected band × scored band) and returns them for the results file.
 */
export function reportCalibration(
  index: TrademarkIndex,
  firstId: number,
  log: (line: string) => void,
): CalibrationReport {
  const pairs = parseCalibrationSet(JSON.parse(readFileSync(CALIBRATION_FILE, 'utf8')));
  const alone = confusionTable(pairs, scoreCalibrationSet(pairs));
  index.add(calibrationMarks(pairs, firstId));
  const corpusScores = calibrationScores(index, pairs, firstId);
  const inCorpus = confusionTable(pairs, corpusScores);
  const corpusMisses = misses(pairs, corpusScores).slice(0, LISTED_MISSES);
  log('');
  log(`calibration set, ${pairs.length} pairs: expected band (rows) × scored band (columns)`);
  log(formatConfusion('alone', alone));
  log(formatConfusion(`in the ${index.size.toLocaleString('en')}-mark corpus`, inCorpus));
  if (corpusMisses.length > 0) log(`        off band in the corpus: ${corpusMisses.join('; ')}`);
  return { pairs: pairs.length, alone, inCorpus, corpusMisses };
}

function misses(pairs: readonly CalibrationPair[], scores: readonly number[]): string[] {
  return pairs.flatMap((pair, i) =>
    scoredBand(scores[i] ?? 0) === pair.expected ? [] : [`${pair.query} ~ ${pair.mark} ${scores[i]}`],
  );
}

function formatConfusion(title: string, table: ConfusionTable): string {
  const header = [title, ...CALIBRATION_BANDS, 'agree'];
  const rows = CALIBRATION_BANDS.filter((band) =>
    CALIBRATION_BANDS.some((scored) => table[band][scored] > 0),
  ).map((band) => {
    const row = table[band];
    const total = CALIBRATION_BANDS.reduce((sum, scored) => sum + row[scored], 0);
    return [band, ...CALIBRATION_BANDS.map((scored) => String(row[scored])), `${row[band]}/${total}`];
  });
  const widths = header.map((cell, i) =>
    Math.max(cell.length, ...rows.map((row) => (row[i] as string).length)),
  );
  const render = (cells: readonly string[]): string =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] as number)).join(' | ')} |`;
  return [
    render(header),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.map(render),
  ].join('\n');
}
