/**
 * Articles and joiners that carry no distinctiveness in a mark, in the languages of the markets searched. They stay in
 * a mark's words but neither find candidates nor count toward containment.
 */
export const STOPWORDS: ReadonlySet<string> = new Set([
  'the',
  'and',
  'of',
  'an',
  'by',
  'for',
  'de',
  'la',
  'le',
  'les',
  'du',
  'des',
  'et',
  'der',
  'die',
  'das',
  'und',
  'von',
  'el',
  'los',
  'las',
  'il',
  'di',
  'da',
  'del',
]);

/**
 * Whether a word may find candidates and count toward containment. A pinyin syllable read from a Chinese character
 * always counts: 德 reads "de", which is a stopword only in French.
 */
export function isDistinctiveWord(word: string, fromHan: boolean): boolean {
  return fromHan || (word.length >= 2 && !STOPWORDS.has(word));
}
