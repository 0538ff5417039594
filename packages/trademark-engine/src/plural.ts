// Words ending like this are not plurals (glass, virus, basis, bonus).
const NOT_PLURAL_RE = /(ss|us|is|ous)$/;
const LATIN_WORD_RE = /^[a-z]+$/;

/**
 * English plural endings folded to the singular: APPLES → apple, BERRIES → berry, BOXES → box. Short words and words
 * outside a–z are kept, because a trailing s on them is rarely a plural (gas, bus, 3s).
 */
export function singular(word: string): string {
  if (word.length <= 3 || !LATIN_WORD_RE.test(word) || NOT_PLURAL_RE.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}
