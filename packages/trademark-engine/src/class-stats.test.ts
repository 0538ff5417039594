import { describe, expect, it } from 'vitest';
import { ClassStatisticsAccumulator } from './class-stats.ts';
import { classMask } from './filters.ts';

describe('ClassStatisticsAccumulator', () => {
  it('counts matches and keeps the best score per class, at both ends of both words', () => {
    const stats = new ClassStatisticsAccumulator();
    const add = (classes: number[], score: number): void => {
      const { low, high } = classMask(classes);
      stats.add(low, high, score);
    };
    add([1, 32, 33, 45], 70);
    add([32], 90);
    add([45], 55);
    expect(stats.toRecord()).toEqual({
      1: { count: 1, maxSimilarityScore: 70 },
      32: { count: 2, maxSimilarityScore: 90 },
      33: { count: 1, maxSimilarityScore: 70 },
      45: { count: 2, maxSimilarityScore: 70 },
    });
  });

  it('leaves classes without matches out', () => {
    expect(new ClassStatisticsAccumulator().toRecord()).toEqual({});
  });
});
