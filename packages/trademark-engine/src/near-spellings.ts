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
 * Calls `visit` with `visual` itself and every string one edit from it (a letter replaced, added or dropped, or two
 * neighbours swapped) whose added or replacing letter is in `SPELLING_ALPHABET`, each as the first `at` units of
 * `visual`, then `inserted`, then its units from `resume` on: the caller builds the string or, as the index does, only
 * its hash, from a hash of each beginning. A name one edit away by a letter outside the alphabet has that letter,
 * and is found by its one-letter-out variants (`lettersLeftOut`): a rare letter added to the query leaves the query
 * when it is left out, one replacing a query letter leaves what both have when each leaves out its own.
 */
export function forEachOneEdit(
  visual: string,
  visit: (at: number, inserted: string, resume: number) => void,
): void {
  const m = visual.length;
  visit(m, '', m);
  for (let i = 0; i <= m; i++) {
    for (let k = 0; k < SPELLING_ALPHABET.length; k++) {
      const letter = SPELLING_ALPHABET[k] as string;
      visit(i, letter, i);
      if (i < m && visual[i] !== letter) visit(i, letter, i + 1);
    }
    if (i < m) visit(i, '', i + 1);
    if (i + 1 < m && visual[i] !== visual[i + 1]) visit(i, (visual[i + 1] as string) + visual[i], i + 2);
  }
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
