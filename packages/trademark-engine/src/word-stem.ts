import { singular } from './plural.ts';

/**
 * Words a mark may write short or as a numeral, and the word a person reads: DR. MARTENS is DOCTOR MARTENS, ST.
 * JOHN is SAINT JOHN, 7-ELEVEN is SEVEN ELEVEN. Only abbreviations with one common reading in marks, and numerals
 * written alone (a numeral inside a word stays: 7UP, 3M).
 */
const READ_AS: ReadonlyMap<string, string> = new Map([
  ['dr', 'doctor'],
  ['st', 'saint'],
  ['mt', 'mount'],
  ['ft', 'fort'],
  ['mr', 'mister'],
  ['jr', 'junior'],
  ['0', 'zero'],
  ['1', 'one'],
  ['2', 'two'],
  ['3', 'three'],
  ['4', 'four'],
  ['5', 'five'],
  ['6', 'six'],
  ['7', 'seven'],
  ['8', 'eight'],
  ['9', 'nine'],
  ['10', 'ten'],
  ['11', 'eleven'],
  ['12', 'twelve'],
  ['13', 'thirteen'],
  ['14', 'fourteen'],
  ['15', 'fifteen'],
  ['16', 'sixteen'],
  ['17', 'seventeen'],
  ['18', 'eighteen'],
  ['19', 'nineteen'],
  ['20', 'twenty'],
  ['30', 'thirty'],
  ['40', 'forty'],
  ['50', 'fifty'],
  ['60', 'sixty'],
  ['70', 'seventy'],
  ['80', 'eighty'],
  ['90', 'ninety'],
  ['100', 'hundred'],
]);

/**
 * The stems word-level signals compare: a Latin word with its plural ending folded and read as the word it stands
 * for (`READ_AS`); a pinyin syllable (`fromHan`) as it is.
 */
export function stemsOf(words: readonly string[], fromHan: readonly boolean[]): string[] {
  return words.map((word, i) => {
    if (fromHan[i]) return word;
    const stem = singular(word);
    return READ_AS.get(stem) ?? stem;
  });
}
