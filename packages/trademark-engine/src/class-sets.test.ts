import { describe, expect, it } from 'vitest';
import { ClassSets, NO_CLASSES } from './class-sets.ts';
import { classMask } from './filters.ts';
import { type SnapshotArray, SnapshotError, SnapshotReader, SnapshotWriter } from './snapshot-file.ts';

const intern = (sets: ClassSets, classes: number[]) => {
  const { low, high } = classMask(classes);
  return sets.intern(low, high);
};

/** Sets read back from what `sets` saved, with `tamper` applied to the saved arrays first. */
function reloaded(sets: ClassSets, tamper: (arrays: Map<string, SnapshotArray>) => void = () => undefined) {
  const out = new SnapshotWriter();
  sets.save(out);
  const arrays = new Map<string, SnapshotArray>(
    [...out.arrays].map(([name, array]) => [name, array.slice()]),
  );
  tamper(arrays);
  const restored = new ClassSets();
  restored.restore(new SnapshotReader(arrays, { ...out.values }));
  return restored;
}

describe('ClassSets', () => {
  it('numbers each distinct combination once, no class being set 0', () => {
    const sets = new ClassSets();
    expect(intern(sets, [])).toBe(NO_CLASSES);
    const first = intern(sets, [9, 35]);
    expect(intern(sets, [35, 9, 9])).toBe(first);
    const high = intern(sets, [45]);
    const top = intern(sets, [32]);
    expect(new Set([first, high, top]).size).toBe(3);
    expect(sets.size).toBe(4);
    expect([sets.low(first), sets.high(first)]).toEqual([classMask([9, 35]).low, classMask([9, 35]).high]);
    expect([sets.low(high), sets.high(high)]).toEqual([0, 1 << 12]);
    // Class 32 is the sign bit of the low word.
    expect(sets.low(top)).toBe(1 << 31);
    expect([sets.low(NO_CLASSES), sets.high(NO_CLASSES)]).toEqual([0, 0]);
  });

  it('restores the sets and goes on numbering after them', () => {
    const sets = new ClassSets();
    const numbers = [[1], [32], [33], [1, 45], [2, 3, 4]].map((classes) => intern(sets, classes));
    const restored = reloaded(sets);
    expect(restored.size).toBe(sets.size);
    for (const set of numbers)
      expect([restored.low(set), restored.high(set)]).toEqual([sets.low(set), sets.high(set)]);
    expect(intern(restored, [45, 1])).toBe(numbers[3]);
    expect(intern(restored, [7])).toBe(sets.size);
  });

  it('refuses saved sets that do not hold together', () => {
    const sets = new ClassSets();
    intern(sets, [1]);
    intern(sets, [40]);
    const refused = (tamper: (arrays: Map<string, SnapshotArray>) => void) => {
      expect(() => reloaded(sets, tamper)).toThrow(SnapshotError);
    };
    refused((arrays) => arrays.set('high', (arrays.get('high') as Int32Array).subarray(0, 2)));
    refused((arrays) => arrays.set('low', new Int32Array(0)));
    refused((arrays) => arrays.set('high', new Int32Array(0)));
    refused((arrays) => {
      (arrays.get('high') as Int32Array)[2] = -1;
    });
    refused((arrays) => {
      (arrays.get('low') as Int32Array)[0] = 4;
    });
    refused((arrays) => {
      (arrays.get('low') as Int32Array)[2] = 1;
      (arrays.get('high') as Int32Array)[2] = 0;
    });
    expect(reloaded(sets).size).toBe(3);
  });
});
