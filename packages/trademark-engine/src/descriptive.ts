// A JSON import, not a file read: the list ships inside the module graph (tsx, Vitest and bundlers all inline it), so
// the engine stays free of I/O and the words stay data that a reviewer edits without touching code.
import descriptiveWordsFile from '../lexicon/descriptive-words.json' with { type: 'json' };
import { foldText } from './fold.ts';
import { isRecord } from './is-record.ts';
import { singular } from './plural.ts';

/** Descriptive and generic words for one set of Nice classes (see `lexicon/descriptive-words.json`). */
export interface DescriptiveWords {
  /** Whether a Latin word, as its stem (`singular`), is descriptive or generic. */
  hasLatin(stem: string): boolean;
  /** Chinese descriptive words as their characters, folded like a mark (`foldText`), longest first. */
  readonly han: readonly (readonly string[])[];
  /** `han` by first character and by last character, so a run's ends look up only the words that could fit. */
  readonly hanByFirst: ReadonlyMap<string, readonly (readonly string[])[]>;
  readonly hanByLast: ReadonlyMap<string, readonly (readonly string[])[]>;
}

interface WordLists {
  readonly latin: readonly string[];
  readonly han: readonly string[];
}

interface DescriptiveData {
  readonly general: WordLists;
  readonly byClass: ReadonlyMap<number, WordLists>;
}

function wordLists(value: unknown, where: string): WordLists {
  if (!isRecord(value)) throw new TypeError(`${where}: expected { latin, han }`);
  const list = (field: 'latin' | 'han'): string[] => {
    const words = value[field] ?? [];
    if (!Array.isArray(words) || words.some((word) => typeof word !== 'string' || word.trim() === '')) {
      throw new TypeError(`${where}.${field}: expected a list of words`);
    }
    return words as string[];
  };
  const han = list('han');
  const short = han.find((word) => [...foldText(word)].length < 2);
  if (short !== undefined) throw new TypeError(`${where}.han: "${short}" is shorter than two characters`);
  return { latin: list('latin'), han };
}

/** Reads the descriptive-word file; throws a TypeError naming the first malformed part. */
export function parseDescriptiveWords(json: unknown): DescriptiveData {
  if (!isRecord(json) || !isRecord(json.byClass)) {
    throw new TypeError('descriptive words: expected { general, byClass }');
  }
  const byClass = new Map<number, WordLists>();
  for (const [key, lists] of Object.entries(json.byClass)) {
    const niceClass = Number(key);
    if (!Number.isInteger(niceClass) || niceClass < 1 || niceClass > 45) {
      throw new TypeError(`descriptive words: "${key}" is not a Nice class`);
    }
    byClass.set(niceClass, wordLists(lists, `byClass.${key}`));
  }
  return { general: wordLists(json.general, 'general'), byClass };
}

/** Builds the lookup for the general words plus those of `classes`. */
export function buildDescriptiveWords(
  data: DescriptiveData,
  classes: readonly number[] = [],
): DescriptiveWords {
  const lists = [data.general, ...classes.flatMap((niceClass) => data.byClass.get(niceClass) ?? [])];
  const latin = new Set<string>();
  const han = new Set<string>();
  for (const list of lists) {
    for (const word of list.latin) for (const part of foldText(word).split(/\s+/)) latin.add(singular(part));
    for (const word of list.han) han.add(foldText(word));
  }
  const words = [...han].map((word) => [...word]).sort((a, b) => b.length - a.length);
  return {
    hasLatin: (stem) => latin.has(stem),
    han: words,
    hanByFirst: groupBy(words, (word) => word[0] as string),
    hanByLast: groupBy(words, (word) => word[word.length - 1] as string),
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group === undefined) groups.set(key(item), [item]);
    else group.push(item);
  }
  return groups;
}

const shipped = parseDescriptiveWords(descriptiveWordsFile);
const byClassKey = new Map<string, DescriptiveWords>();
// Searches name few classes; the cap only keeps odd class combinations from growing the cache without end.
const CACHED_CLASS_SETS = 256;

/** The shipped descriptive words for a search in `classes` (none: the general words only); built once per class set. */
export function descriptiveWordsFor(classes: readonly number[] = []): DescriptiveWords {
  const relevant = [...new Set(classes)]
    .filter((niceClass) => shipped.byClass.has(niceClass))
    .sort((a, b) => a - b);
  const key = relevant.join(',');
  let words = byClassKey.get(key);
  if (words === undefined) {
    words = buildDescriptiveWords(shipped, relevant);
    if (byClassKey.size >= CACHED_CLASS_SETS) byClassKey.clear();
    byClassKey.set(key, words);
  }
  return words;
}
