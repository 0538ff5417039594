import { foldText, isHan, splitWords } from './fold.ts';
import { foldLookalikes, lookalikeKey } from './lookalike.ts';
import { soundKeys } from './phonetic.ts';
import type { PinyinCache } from './pinyin.ts';
import { stemsOf } from './word-stem.ts';

/** Everything a comparison needs about one name, computed once. */
export interface NameAnalysis {
  /** Folded letters in their own script, without spaces or punctuation: equal means the same mark. */
  readonly exact: string;
  /** `exact` with Chinese characters read as toneless pinyin; equal to `exact` for names without them. */
  readonly latin: string;
  /** `latin` with look-alike characters folded one for one (`foldLookalikes`); the index counts its grams. */
  readonly visual: string;
  /** The whole printed shape, for equality only (`lookalikeKey`). */
  readonly lookalike: string;
  /** Words of `latin`; a Chinese character is one word, its pinyin syllable. */
  readonly words: readonly string[];
  /** `words` with plural endings folded and abbreviations and numerals read as words (`stemsOf`). */
  readonly stems: readonly string[];
  /** Per word: whether it was read from a Chinese character. */
  readonly fromHan: readonly boolean[];
  readonly hasHan: boolean;
  /** Double Metaphone keys and vowel skeleton; empty for names with Chinese characters. */
  readonly metaphone: readonly string[];
  readonly sound: readonly string[];
  readonly vowels: string;
}

/** The part of an analysis that says how a name reads, word by word. */
export type NameReading = Pick<NameAnalysis, 'exact' | 'latin' | 'words' | 'fromHan' | 'hasHan'>;

export function analyzeName(name: string, pinyin: PinyinCache): NameAnalysis {
  const folded = foldText(name);
  const { exact, latin, words, fromHan, hasHan } = readFolded(folded, pinyin);
  const visual = foldLookalikes(latin);
  // Symbols that stand for letters ($AMSUNG) are dropped from words, so the printed shape starts from the folded text.
  const lookalike = lookalikeKey(folded, exact);
  const sound = hasHan ? soundKeys([]) : soundKeys(words);
  return {
    exact,
    latin,
    visual,
    lookalike,
    words,
    stems: stemsOf(words, fromHan),
    fromHan,
    hasHan,
    metaphone: sound.metaphone,
    sound: sound.sound,
    vowels: sound.vowels,
  };
}

/** How a name reads, word by word (`analyzeName` without the keys), for a transliteration alone. */
export function readName(name: string, pinyin: PinyinCache): NameReading {
  return readFolded(foldText(name), pinyin);
}

function readFolded(folded: string, pinyin: PinyinCache): NameReading {
  const words: string[] = [];
  const fromHan: boolean[] = [];
  let exact = '';
  for (const token of splitWords(folded)) {
    exact += token;
    if (!isHan(token)) {
      words.push(token);
      fromHan.push(false);
      continue;
    }
    for (const syllable of pinyin.get(token)) {
      words.push(syllable);
      fromHan.push(true);
    }
  }
  return { exact, latin: words.join(''), words, fromHan, hasHan: fromHan.includes(true) };
}
