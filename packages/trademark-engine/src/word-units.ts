import type { NameAnalysis } from './analyze.ts';
import { isDistinctiveWord } from './stopwords.ts';

/**
 * The units of a name that word-level signals compare: each distinctive Latin word (as its stem), and for Chinese
 * each pair of neighbouring characters, read as pinyin and taken in either order. A single Chinese character says
 * little (华 is in thousands of marks) while two together name something (华为), so pairs are the unit there.
 */
export interface WordUnits {
  /** Distinct units in order of first appearance; a pair is written `a+b` with its syllables sorted. */
  readonly units: readonly string[];
  /** Per unit, the word as written (for plural endings); the syllables joined for a pair. */
  readonly surfaces: readonly string[];
  /** Letters of the distinctive words and of the syllables in pairs, for the share one name covers of another. */
  readonly letters: number;
  /** Syllables of the Chinese characters, in order. */
  readonly syllables: readonly string[];
}

export function wordUnits(a: NameAnalysis): WordUnits {
  const units: string[] = [];
  const surfaces: string[] = [];
  const syllables: string[] = [];
  let letters = 0;
  const push = (unit: string, surface: string, length: number): void => {
    if (units.includes(unit)) return;
    units.push(unit);
    surfaces.push(surface);
    letters += length;
  };
  for (let i = 0; i < a.words.length; i++) {
    const word = a.words[i] as string;
    if (a.fromHan[i] === true) {
      syllables.push(word);
      const next = a.words[i + 1];
      if (next !== undefined && a.fromHan[i + 1] === true) {
        push(word < next ? `${word}+${next}` : `${next}+${word}`, word + next, 0);
      }
      continue;
    }
    const stem = a.stems[i] as string;
    if (isDistinctiveWord(stem, false)) push(stem, word, stem.length);
  }
  for (const syllable of syllables) letters += syllable.length;
  return { units, surfaces, letters, syllables };
}
