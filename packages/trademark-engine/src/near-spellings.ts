import { maxEditsForScore } from './spelling.ts';

/**
 * The letters a name's visual form (`analyzeName`) is spelled with: `foldLookalikes` turns every digit and the i into
 * one of the others. A name with any other letter (ø, ж, カ) has a rare letter.
 */
export const SPELLING_ALPHABET = 'abcdefghjklmnopqrstuvwxyz';
/** Names up to this long are found one edit away by lookups rather than by counting trigrams. */
export const NEAR_SPELLING_MAX_LENGTH = 12;

const COMMON = new Uint8Array(128);
for (let i = 0; i < SPELLING_ALPHABET.length; i++) COMMON[SPELLING_ALPHABET.charCodeAt(i)] = 1;

/** Whether `visual` holds a letter outside `SPELLING_ALPHABET`. */
export function hasRareLetter(visual: string): boolean {
  for (let i = 0; i < visual.length; i++) {
    const code = visual.charCodeAt(i);
    if (code >= 128 || COMMON[code] === 0) return true;
  }
  return false;
}

/** `text` with each one of its letters (UTF-16 units, as edits are counted) left out, distinct. */
export function lettersLeftOut(text: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < text.length; i++) out.add(text.slice(0, i) + text.slice(i + 1));
  return [...out];
}

/**
 * What a query looks up to find every name one edit from `visual` (a letter replaced, added or dropped, or two
 * neighbours swapped) without counting trigrams:
 * - `names`: `visual` itself and every string one edit away whose added or replacing letter is in
 *   `SPELLING_ALPHABET`, looked up as whole names;
 * - `leftOut`: `visual` and each of its one-letter-out variants, looked up among the one-letter-out variants of the
 *   names with a rare letter (`hasRareLetter`), which is where a name one edit away by a rare letter is: a rare letter
 *   added to the query leaves the query when it is left out, one replacing a query letter leaves what both have when
 *   each leaves out its own.
 */
export function oneEditLookups(visual: string): { names: string[]; leftOut: string[] } {
  const names = new Set<string>([visual]);
  const m = visual.length;
  for (let i = 0; i <= m; i++) {
    const before = visual.slice(0, i);
    const after = visual.slice(i);
    const rest = visual.slice(i + 1);
    for (let k = 0; k < SPELLING_ALPHABET.length; k++) {
      const letter = SPELLING_ALPHABET[k] as string;
      names.add(before + letter + after);
      if (i < m && visual[i] !== letter) names.add(before + letter + rest);
    }
    if (i < m) names.add(before + rest);
    if (i + 1 < m) names.add(before + visual[i + 1] + visual[i] + visual.slice(i + 2));
  }
  return { names: [...names], leftOut: [visual, ...lettersLeftOut(visual)] };
}

/**
 * The name lengths at which `oneEditLookups` finds every name spelling can bring to `floor` from a query of
 * `queryLength` letters: where `floor` allows at most one edit (`maxEditsForScore`) and both lengths are within
 * `NEAR_SPELLING_MAX_LENGTH`. Other lengths are counted by trigrams.
 */
export function nearSpellingLengths(floor: number, queryLength: number): number[] {
  if (queryLength > NEAR_SPELLING_MAX_LENGTH) return [];
  const lengths: number[] = [];
  for (let n = Math.max(1, queryLength - 1); n <= queryLength + 1; n++) {
    if (n <= NEAR_SPELLING_MAX_LENGTH && maxEditsForScore(floor, Math.max(queryLength, n)) <= 1)
      lengths.push(n);
  }
  return lengths;
}
