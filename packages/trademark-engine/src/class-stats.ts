import type { ClassStatistics } from './types.ts';

/** Per Nice class, how many matches and the best score, gathered in one pass over all matches. */
export class ClassStatisticsAccumulator {
  readonly #counts = new Uint32Array(46);
  readonly #max = new Float64Array(46);

  /** Adds one match to every class set in its masks (classes 1–32 low, 33–45 high). */
  add(classLow: number, classHigh: number, score: number): void {
    for (let bits = classLow >>> 0; bits !== 0; bits &= bits - 1)
      this.#count(32 - Math.clz32(bits & -bits), score);
    for (let bits = classHigh >>> 0; bits !== 0; bits &= bits - 1)
      this.#count(64 - Math.clz32(bits & -bits), score);
  }

  #count(cls: number, score: number): void {
    this.#counts[cls] = (this.#counts[cls] as number) + 1;
    if (score > (this.#max[cls] as number)) this.#max[cls] = score;
  }

  toRecord(): ClassStatistics {
    const record: ClassStatistics = {};
    for (let cls = 1; cls <= 45; cls++) {
      const count = this.#counts[cls] as number;
      if (count > 0) record[cls] = { count, maxSimilarityScore: this.#max[cls] as number };
    }
    return record;
  }
}
