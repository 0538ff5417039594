// Letters that do not decompose under NFD but that people write without their accent anyway.
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const LETTER_FOLD_RE = /[ßæœøłđðþı]/g;
const COMBINING_ACCENT_RE = /[\u0300-\u036f]/g;
const APOSTROPHE_RE = /['’ʼ`´]/g;
const PLAIN_ASCII_RE = /^[\x20-\x7e]*$/;
const ACCENTABLE_RE = /[\u00c0-\u04ff\u1e00-\u1fff]/;
const ASCII_TOKEN_RE = /[a-z0-9]+/g;
const HAN_RE = /\p{Script=Han}/u;
const TOKEN_RE = /[\p{L}\p{N}]+/gu;
const HAN_OR_OTHER_RE = /\p{Script=Han}+|[^\p{Script=Han}]+/gu;

/**
 * Folds a mark for comparison: NFKC turns full-width and compatibility forms into plain ones (ＡＢＣ → ABC, ﬁ → fi),
 * case is folded, and Latin accents are dropped (Müller → muller). Only the Latin combining range is removed and the
 * text is recomposed, so Japanese voiced kana and Korean syllables survive the NFD round trip.
 */
export function foldText(text: string): string {
  // Most marks are plain ASCII, for which the Unicode steps change nothing.
  if (PLAIN_ASCII_RE.test(text)) return text.toLowerCase().replace(APOSTROPHE_RE, '');
  let folded = text.normalize('NFKC').toLowerCase();
  // Accents only matter on Latin, Greek and Cyrillic letters; Chinese names skip the decomposition round trip.
  if (ACCENTABLE_RE.test(folded))
    folded = folded.normalize('NFD').replace(COMBINING_ACCENT_RE, '').normalize('NFC');
  return folded
    .replace(LETTER_FOLD_RE, (letter) => LETTER_FOLDS[letter] ?? letter)
    .replace(APOSTROPHE_RE, '');
}

/**
 * Words of a folded text: runs of letters and digits; anything else (spaces, hyphens, dots, &) separates them, so
 * COCA-COLA and coca cola give the same words. A run mixing Chinese characters with other letters is cut where the
 * script changes, because the Chinese part is read through pinyin.
 */
export function splitWords(folded: string): string[] {
  if (PLAIN_ASCII_RE.test(folded)) return folded.match(ASCII_TOKEN_RE) ?? [];
  const words: string[] = [];
  for (const token of folded.match(TOKEN_RE) ?? []) {
    if (!HAN_RE.test(token)) {
      words.push(token);
      continue;
    }
    for (const part of token.match(HAN_OR_OTHER_RE) ?? []) words.push(part);
  }
  return words;
}

export function isHan(text: string): boolean {
  return HAN_RE.test(text);
}
