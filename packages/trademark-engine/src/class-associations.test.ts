import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  associatedClasses,
  classAssociations,
  parseCoordinatedClasses,
  parseSimilarGroupRelations,
} from './class-associations.ts';
import { USPTO_COORDINATED_CLASSES } from './uspto-coordinated.ts';

describe('associatedClasses', () => {
  it('uses the built-in USPTO table by default and leaves out the selected classes', () => {
    expect(associatedClasses([9])).toEqual([10, 16, 28, 35, 38, 41, 42, 44]);
    expect(associatedClasses([9, 42])).not.toContain(9);
    expect(associatedClasses([9, 42])).not.toContain(42);
    expect(associatedClasses([9, 42], undefined, true)).toContain(42);
  });

  it('joins the coordinated lists of several classes', () => {
    expect(associatedClasses([3, 4])).toEqual([1, 5, 21, 35, 37, 42, 44]);
  });

  it('follows similar-group pairs both ways', () => {
    const tables = {
      similarGroupPairs: [
        [1, 5],
        [5, 30],
      ] as const,
    };
    expect(associatedClasses([5], tables)).toEqual([1, 30]);
    expect(associatedClasses([30], tables)).toEqual([5]);
    expect(associatedClasses([2], tables)).toEqual([]);
  });

  it('gives one class its associations', () => {
    expect(classAssociations(34)).toEqual([4, 35, 42]);
  });

  it('covers every Nice class in the built-in table', () => {
    expect(Object.keys(USPTO_COORDINATED_CLASSES).map(Number)).toEqual(
      Array.from({ length: 45 }, (_, i) => i + 1),
    );
  });
});

describe('parseCoordinatedClasses', () => {
  it('reads the shape of coordinated-classes.us.json', () => {
    const table = parseCoordinatedClasses({ source: 'USPTO', classes: { '1': [42, 5, 5], '34': [4] } });
    expect(table).toEqual({ 1: [5, 42], 34: [4] });
  });

  it('accepts a bare class map', () => {
    expect(parseCoordinatedClasses({ '9': [42] })).toEqual({ 9: [42] });
  });

  it('names what is wrong', () => {
    expect(() => parseCoordinatedClasses(null)).toThrow(/expected an object/);
    expect(() => parseCoordinatedClasses({ classes: [] })).toThrow(/must be an object/);
    expect(() => parseCoordinatedClasses({ classes: { '46': [1] } })).toThrow(/"46" is not a Nice class/);
    expect(() => parseCoordinatedClasses({ classes: { '1': 5 } })).toThrow(/must list classes/);
    expect(() => parseCoordinatedClasses({ classes: { '1': [0] } })).toThrow(/lists 0/);
  });
});

describe('parseSimilarGroupRelations', () => {
  const groups = [
    { class: 1, group: '0101', relatedGroups: ['0102', '0601'] },
    { class: 1, group: '0102', relatedGroups: ['0101'] },
    { class: 6, group: '0601', relatedGroups: ['0101'] },
    { class: 5, group: '0505', relatedGroups: ['0105'] },
    { class: 1, group: '0105', relatedGroups: [] },
    { class: 9, group: '0901', relatedGroups: ['9999'] },
    { class: 3, group: '0301' },
  ];

  it('pairs classes whose groups name each other, once, smaller class first', () => {
    expect(parseSimilarGroupRelations(groups)).toEqual([[1, 6]]);
  });

  it('ignores groups of the same class, one-sided mentions and unknown groups', () => {
    const pairs = parseSimilarGroupRelations(groups);
    expect(pairs).not.toContainEqual([1, 1]);
    expect(pairs).not.toContainEqual([1, 5]);
  });

  it('names what is wrong', () => {
    expect(() => parseSimilarGroupRelations({})).toThrow(/list of groups/);
    expect(() => parseSimilarGroupRelations([{ group: '0101' }])).toThrow(/no valid class/);
    expect(() => parseSimilarGroupRelations([{ class: 1 }])).toThrow(/no group code/);
    expect(() => parseSimilarGroupRelations([{ class: 1, group: '0101', relatedGroups: [1] }])).toThrow(
      /not group codes/,
    );
  });

  const file = '/work/shared/data/nice/similar-groups.zh.json';
  it.runIf(existsSync(file))('reads the CNIPA reference file', () => {
    const pairs = parseSimilarGroupRelations(JSON.parse(readFileSync(file, 'utf8')));
    expect(pairs.length).toBeGreaterThan(20);
    for (const [a, b] of pairs) expect(a).toBeLessThan(b);
  });
});
