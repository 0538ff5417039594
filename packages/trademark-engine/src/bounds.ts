import { maxEditsForScore } from './spelling.ts';

/**
 * How many distinct trigrams of the query one edit can remove (trigrams are unordered, see `trigramCode`): an
 * insertion splits the two trigrams spanning its place, a deletion or a substitution breaks the three holding the
 * character, a swap of neighbours two.
 */
const GRAMS_LOST_BY_INSERTION = 2;
const GRAMS_LOST_BY_DELETION = 3;
const GRAMS_LOST_BY_ANY_EDIT = 3;

/** Marks a candidate length for which no trigram count is enough. */
export const UNREACHABLE = 0x7fff;

export interface FloorOptions {
  readonly floor: number;
  readonly queryLength: number;
  /** Distinct trigrams of the query. */
  readonly queryGrams: number;
}

/**
 * Per candidate length (index), the fewest distinct trigrams a candidate must share with the query for its score to
 * still reach `floor` through spelling (the q-gram lemma). The score bounds the
 * edits (`maxEditsForScore`), the length difference says how many of them must be insertions or deletions, and each
 * kind of edit removes a known number of trigrams. Grams and lengths are those of the look-alike folded names, which
 * are never further apart than the names themselves.
 */
export function sharedGramFloors(options: FloorOptions): Int16Array {
  const { floor, queryLength, queryGrams } = options;
  const floors = new Int16Array(256).fill(UNREACHABLE);
  for (let length = 1; length < floors.length; length++) {
    const edits = maxEditsForScore(floor, Math.max(queryLength, length));
    const lengthEdits = Math.abs(length - queryLength);
    if (lengthEdits > edits) continue;
    const perLengthEdit = length >= queryLength ? GRAMS_LOST_BY_INSERTION : GRAMS_LOST_BY_DELETION;
    const lost = perLengthEdit * lengthEdits + GRAMS_LOST_BY_ANY_EDIT * (edits - lengthEdits);
    floors[length] = Math.max(1, queryGrams - lost);
  }
  return floors;
}

/** Whether a spelling score can reach `floor` at `edits` edits between the look-alike folded names. */
export function spellingMayReach(
  floor: number,
  queryLength: number,
  candidateLength: number,
  edits: number,
): boolean {
  return edits <= maxEditsForScore(floor, Math.max(queryLength, candidateLength));
}
