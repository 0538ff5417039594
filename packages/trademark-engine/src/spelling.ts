import { highestJaroWinklerOfDifferent } from './jaro-winkler.ts';

// Score lost per edit in a name of `REFERENCE_LENGTH` letters. In longer names an edit weighs less, but only by the
// square root of the length: people take in a long mark as a whole, so three changed letters stay three changes.
const EDIT_COST = 0.32;
const REFERENCE_LENGTH = 5;
// Score lost per unit of Jaro-Winkler dissimilarity; Jaro-Winkler rewards a shared beginning, so between two names
// the same number of edits apart, the one that keeps the start of the mark scores higher.
const JARO_WINKLER_SLOPE = 0.5;

function editWeight(maxLength: number): number {
  return EDIT_COST * Math.sqrt(REFERENCE_LENGTH / maxLength);
}

/**
 * Spelling score 0–100 from an edit distance, the longer length and a Jaro-Winkler similarity. One edit scores about
 * 56 in four letters, 66 in five, 73 in nine and 84 in twenty; two edits reach 50 only from nine letters on, three
 * only from nineteen. Edits dominate because they bound the score, which lets the index discard candidates by
 * counting shared grams (`bounds.ts`).
 */
export function spellingScore(distance: number, maxLength: number, jaroWinkler: number): number {
  if (maxLength === 0) return 100;
  const lost = editWeight(maxLength) * distance + JARO_WINKLER_SLOPE * (1 - jaroWinkler);
  return 100 * Math.min(1, Math.max(0, 1 - lost));
}

/**
 * The largest edit distance at which a spelling score can still reach `score` between strings whose longer length is
 * `maxLength`, taking the best Jaro-Winkler strings that far apart can have: 1 for identical strings, and for
 * different ones `highestJaroWinklerOfDifferent`. Counting that gap matters where the last edit would only just fit
 * at a Jaro-Winkler of 1 (a second edit in 13 letters at 60). -1 when even identical strings could not.
 */
export function maxEditsForScore(score: number, maxLength: number): number {
  if (score > 100) return -1;
  if (maxLength === 0) return 0;
  const budget = 1 - score / 100 - JARO_WINKLER_SLOPE * (1 - highestJaroWinklerOfDifferent(maxLength));
  // A small epsilon keeps exact boundaries on the inclusive side.
  return Math.max(0, Math.floor(budget / editWeight(maxLength) + 1e-9));
}
