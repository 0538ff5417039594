import { pinyin } from 'pinyin-pro';
import { foldText } from './fold.ts';

const HAN_RUN_RE = /\p{Script=Han}+/gu;
const HAN_TEST_RE = /\p{Script=Han}/u;
const OPTIONS = { toneType: 'none', type: 'array', v: true } as const;

/**
 * Toneless pinyin per Chinese character, cached per distinct text. Conversion is the slow step of an import, so each
 * distinct run of characters is converted once, and a run whose characters each have a single reading is put
 * together from a per-character cache without asking pinyin-pro at all; only runs holding a character with several
 * readings (长 in 长城 is chang, in 长官 zhang) go to pinyin-pro, which picks the reading from its word list. `ü` is
 * written `v`, as keyboards and most romanised marks do.
 */
export class PinyinCache {
  readonly #syllables = new Map<string, readonly string[]>();
  /** The one toneless reading of a character, or null when it has several. */
  readonly #readings = new Map<string, string | null>();

  /** One syllable per character of `han` (a run of Chinese characters). */
  get(han: string): readonly string[] {
    let syllables = this.#syllables.get(han);
    if (syllables === undefined) {
      syllables = this.#fromReadings(han) ?? pinyin(han, OPTIONS);
      this.#syllables.set(han, syllables);
    }
    return syllables;
  }

  /** Primes the cache from syllables stored elsewhere (for example a column next to the marks). */
  set(han: string, syllables: readonly string[]): void {
    this.#syllables.set(han, syllables);
  }

  /** Converts every distinct Chinese run in `names` now, so later indexing and queries only hit the cache. */
  warm(names: Iterable<string>): void {
    for (const name of names) {
      if (!HAN_TEST_RE.test(name)) continue;
      for (const run of foldText(name).match(HAN_RUN_RE) ?? []) this.get(run);
    }
  }

  /** Forgets the runs converted so far (each character's reading stays): what a bulk load filled is not needed after. */
  forgetRuns(): void {
    this.#syllables.clear();
  }

  entries(): IterableIterator<[string, readonly string[]]> {
    return this.#syllables.entries();
  }

  get size(): number {
    return this.#syllables.size;
  }

  #fromReadings(han: string): string[] | null {
    const syllables: string[] = [];
    for (const char of han) {
      const reading = this.#reading(char);
      if (reading === null) return null;
      syllables.push(reading);
    }
    return syllables;
  }

  #reading(char: string): string | null {
    let reading = this.#readings.get(char);
    if (reading === undefined) {
      const readings = new Set(pinyin(char, { ...OPTIONS, multiple: true }));
      reading = readings.size === 1 ? ([...readings][0] as string) : null;
      this.#readings.set(char, reading);
    }
    return reading;
  }
}
