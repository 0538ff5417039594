const PREFIX_SCALE = 0.1;
const MAX_PREFIX = 4;
// Winkler only trusts a shared beginning once the strings are already fairly alike.
const BOOST_THRESHOLD = 0.7;
// One scratch array for every call: a search compares thousands of names, and fresh arrays were what it allocated most.
let matchedScratch = new Uint8Array(128);

/**
 * The highest Jaro-Winkler similarity two different strings can have when the longer one has `longerLength`
 * characters: 1 - 0.2 / longerLength. With unequal lengths Jaro matches at most the shorter length; with equal lengths
 * either a character is left unmatched or all are, and then the matched characters, being different orders of the
 * same characters, are out of order in at least two places. Either way Jaro is at most 1 - 1 / (3 * longerLength),
 * and Winkler's bonus for a shared prefix (at most four characters at 0.1) keeps at least 0.6 of that gap. Two
 * neighbours swapped after the fourth character reach it.
 */
export function highestJaroWinklerOfDifferent(longerLength: number): number {
  return 1 - ((1 - MAX_PREFIX * PREFIX_SCALE) * (1 / 3)) / longerLength;
}

/**
 * Jaro-Winkler similarity in [0, 1]. Jaro counts characters that match within a window and how many of them are out of
 * order; Winkler then rewards a common prefix of up to four characters, because people read a mark from its start.
 */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const m = a.length;
  const n = b.length;
  if (m === 0 || n === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(m, n) / 2) - 1);
  if (matchedScratch.length < m + n) matchedScratch = new Uint8Array(2 * (m + n));
  // Which characters matched: `a`'s from 0, `b`'s from m.
  const matched = matchedScratch.fill(0, 0, m + n);
  let matches = 0;
  for (let i = 0; i < m; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(n - 1, i + window);
    const code = a.charCodeAt(i);
    for (let j = from; j <= to; j++) {
      if (matched[m + j] === 0 && b.charCodeAt(j) === code) {
        matched[i] = 1;
        matched[m + j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let outOfOrder = 0;
  for (let i = 0, j = 0; i < m; i++) {
    if (matched[i] === 0) continue;
    while (matched[m + j] === 0) j++;
    if (a.charCodeAt(i) !== b.charCodeAt(j)) outOfOrder++;
    j++;
  }
  const jaro = (matches / m + matches / n + (matches - outOfOrder / 2) / matches) / 3;
  if (jaro < BOOST_THRESHOLD) return jaro;
  let prefix = 0;
  const limit = Math.min(MAX_PREFIX, m, n);
  while (prefix < limit && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * PREFIX_SCALE * (1 - jaro);
}
