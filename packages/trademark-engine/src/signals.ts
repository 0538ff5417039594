/**
 * The reasons a mark is reported as similar. Codes are stable: the API returns them and the web app translates them.
 *
 * - exact        same letters once case, width, accents, punctuation and spacing are folded (COCA-COLA = CocaCola)
 * - lookalike    equal or closer once characters that look alike are folded (0/O, 1/I/L, 5/S, rn/m, vv/w, Cyrillic а/a)
 * - oneLetter    one letter added, dropped or changed past the beginning of a mark of four letters or more (NIKEE ~ NIKE)
 * - spelling     few edits apart (Damerau-Levenshtein) and close by Jaro-Winkler, which weighs a shared beginning
 * - phonetic     sound the same by Double Metaphone, with a check that the vowels agree (KWIK KLEEN ~ QUICK CLEAN); not
 *                for marks under four letters, which are read letter by letter
 * - descriptiveIgnored  descriptive or generic words were set aside and the rest is the same (BELLA HOME ~ BELLA,
 *                喜科科技 ~ 喜科); the words are data, `lexicon/descriptive-words.json`
 * - containment  one mark's words, or its whole beginning, are inside the other (APPLE ~ APPLE PAY)
 * - wordOrder    the same words in another order (OCEAN BLUE ~ BLUE OCEAN)
 * - plural       words that differ only by a plural ending (APPLES ~ APPLE)
 * - pinyin       a Chinese-character mark compared through its toneless pinyin (小米 ~ XIAOMI)
 * - homophone    two Chinese-character marks written differently that read the same (小咪 ~ 小米)
 * - transliteration  a Latin mark and a Chinese mark that renders its sound in Mandarin syllables (NIKE ~ 耐克)
 */
export const SIGNALS = [
  'exact',
  'lookalike',
  'oneLetter',
  'spelling',
  'phonetic',
  'descriptiveIgnored',
  'containment',
  'wordOrder',
  'plural',
  'pinyin',
  'homophone',
  'transliteration',
] as const;

export type SignalCode = (typeof SIGNALS)[number];

/** One bit per signal, in the order of `SIGNALS`, so a match carries its reasons in a small integer. */
export const SIGNAL_BIT: Readonly<Record<SignalCode, number>> = Object.fromEntries(
  SIGNALS.map((code, index) => [code, 1 << index]),
) as Record<SignalCode, number>;

const decoded = new Map<number, readonly SignalCode[]>();

/** Shared frozen arrays, so ranking thousands of matches allocates no signal lists. */
export function decodeSignals(mask: number): readonly SignalCode[] {
  let codes = decoded.get(mask);
  if (codes === undefined) {
    codes = Object.freeze(SIGNALS.filter((code) => (mask & SIGNAL_BIT[code]) !== 0));
    decoded.set(mask, codes);
  }
  return codes;
}
