import type { SyntheticMark } from '@kxt/trademark-engine/generate-marks';
import { PinyinCache } from '@kxt/trademark-engine/pinyin';
import { mulberry32 } from '@kxt/trademark-engine/prng';
import type { RelevanceSet } from '@kxt/trademark-engine/relevance-set';
import { HAN_CHARACTERS } from '@kxt/trademark-engine/synthetic-vocab';

export type QueryKind = 'relevance' | 'clean' | 'misspelled' | 'chinese';

export interface BenchQuery {
  readonly text: string;
  readonly kind: QueryKind;
  /** For relevance queries: index of the pair in the relevance set. */
  readonly pair?: number;
}

const HAN_RE = /\p{Script=Han}/u;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The query mix: every relevance pair's query, then names drawn from the corpus, clean (30%), with one typing
 * error (45%: a letter replaced, dropped, doubled or two swapped) and Chinese names with one character replaced by a
 * homophone when there is one (25%).
 */
export function buildQueries(
  marks: readonly SyntheticMark[],
  relevance: RelevanceSet,
  total: number,
  seed: number,
): BenchQuery[] {
  const random = mulberry32(seed);
  const queries: BenchQuery[] = relevance.pairs.map((pair, i) => ({
    text: pair.query,
    kind: 'relevance',
    pair: i,
  }));
  const chinese = marks.filter((mark) => HAN_RE.test(mark.name));
  const homophones = homophoneTable();
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  while (queries.length < total) {
    const r = random();
    if (r < 0.3) queries.push({ text: pick(marks).name, kind: 'clean' });
    else if (r < 0.75) queries.push({ text: misspell(pick(marks).name, random), kind: 'misspelled' });
    else if (chinese.length > 0)
      queries.push({ text: homophone(pick(chinese).name, homophones, random), kind: 'chinese' });
  }
  return queries;
}

function misspell(name: string, random: () => number): string {
  if (name.length < 3) return name;
  const at = 1 + Math.floor(random() * (name.length - 2));
  const letter = LETTERS[Math.floor(random() * LETTERS.length)] as string;
  const r = random();
  if (r < 0.35) return name.slice(0, at) + letter + name.slice(at + 1);
  if (r < 0.6) return name.slice(0, at) + name.slice(at + 1);
  if (r < 0.8) return name.slice(0, at) + name.charAt(at) + name.slice(at);
  return name.slice(0, at - 1) + name.charAt(at) + name.charAt(at - 1) + name.slice(at + 1);
}

/** Characters of the synthetic stock grouped by toneless pinyin. */
function homophoneTable(): Map<string, string[]> {
  const pinyin = new PinyinCache();
  const table = new Map<string, string[]>();
  for (const char of HAN_CHARACTERS) {
    const syllable = pinyin.get(char)[0] ?? char;
    table.set(syllable, [...(table.get(syllable) ?? []), char]);
  }
  const byChar = new Map<string, string[]>();
  for (const chars of table.values()) for (const char of chars) byChar.set(char, chars);
  return byChar;
}

function homophone(name: string, homophones: Map<string, string[]>, random: () => number): string {
  const chars = [...name];
  const candidates = chars
    .map((char, i) => [char, i] as const)
    .filter(([char]) => (homophones.get(char)?.length ?? 0) > 1);
  if (candidates.length === 0) return name;
  const [char, at] = candidates[Math.floor(random() * candidates.length)] as readonly [string, number];
  const others = (homophones.get(char) ?? []).filter((other) => other !== char);
  chars[at] = others[Math.floor(random() * others.length)] as string;
  return chars.join('');
}
