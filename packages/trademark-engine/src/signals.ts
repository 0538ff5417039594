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
 * - established  one mark is, or is close to, the established name in the other script of a known brand (STARBUCKS ~
 *                星巴克, ANKER ~ 安克); the names are data, `lexicon/established-names.json`
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
  'established',
] as const;

export type SignalCode = (typeof SIGNALS)[number];

/** One bit per signal, in the order of `SIGNALS`, so a match carries its reasons in a small integer. */
export const SIGNAL_BIT: Readonly<Record<SignalCode, number>> = Object.fromEntries(
  SIGNALS.map((code, index) => [code, 1 << index]),
) as Record<SignalCode, number>;

// Above the signal bits a mask may name the signal that decided the score (its index + 1), so that it is listed
// first: a consultant reads the first reason as the one that explains the percentage (KUMO ~ CUMO is 80 for its
// identical sound, though its spelling is close too). A mask takes `SIGNAL_MASK_BITS` bits.
const LEAD_SHIFT = SIGNALS.length;
const SIGNAL_MASK = (1 << LEAD_SHIFT) - 1;
/** Bits a mask with its lead takes: the lead (0 for none, else a signal's index + 1) fits in four. */
export const SIGNAL_MASK_BITS = LEAD_SHIFT + 4;

/**
 * `mask` naming as its lead the first signal (in the order of `SIGNALS`) among `decidingBits`, the signals of the
 * finding that gave the score; unchanged when none of them is in `mask`.
 */
export function withLead(mask: number, decidingBits: number): number {
  const deciding = mask & decidingBits & SIGNAL_MASK;
  if (deciding === 0) return mask;
  const index = 31 - Math.clz32(deciding & -deciding);
  return (mask & SIGNAL_MASK) | ((index + 1) << LEAD_SHIFT);
}

const decoded = new Map<number, readonly SignalCode[]>();

/**
 * The signals of a mask, the deciding one (`withLead`) first and the others in the order of `SIGNALS`; shared frozen
 * arrays, so ranking thousands of matches allocates no signal lists.
 */
export function decodeSignals(mask: number): readonly SignalCode[] {
  let codes = decoded.get(mask);
  if (codes === undefined) {
    const lead = SIGNALS[(mask >>> LEAD_SHIFT) - 1];
    const listed = SIGNALS.filter((code) => (mask & SIGNAL_BIT[code]) !== 0);
    codes = Object.freeze(lead === undefined ? listed : [lead, ...listed.filter((code) => code !== lead)]);
    decoded.set(mask, codes);
  }
  return codes;
}
