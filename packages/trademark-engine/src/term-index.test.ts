import { describe, expect, it } from 'vitest';
import { analyzeName } from './analyze.ts';
import { GrowableUint32 } from './growable.ts';
import type { HashedPostingStore } from './hashed-postings.ts';
import { PinyinCache } from './pinyin.ts';
import { LENGTH_BUCKETS, TermIndex } from './term-index.ts';

const pinyin = new PinyinCache();

function listed(store: HashedPostingStore, term: number): number[] {
  const out = new GrowableUint32();
  const count = store.collect(term, out);
  return [...out.data.subarray(0, count)];
}

/** Names in a trigram list, wherever the trigram sits. */
function gramListed(index: TermIndex, list: number): number[] {
  const out = new GrowableUint32();
  const count = index.grams.collect(list, 0, 255, out);
  return [...out.data.subarray(0, count)];
}

function build(names: string[]): TermIndex {
  const index = new TermIndex();
  names.forEach((name, form) => {
    index.add(form, analyzeName(name, pinyin), []);
  });
  index.settle();
  return index;
}

describe('TermIndex', () => {
  it('lists a name under its trigrams in the list of its length', () => {
    const index = build(['apple', 'applepay', 'apples']);
    const terms = index.query(analyzeName('apple', pinyin));
    expect(terms.gramCount).toBe(7);
    const list = (bucket: number, i: number): number => (terms.grams[i] as number) * LENGTH_BUCKETS + bucket;
    const rarest = index.rarestGrams(terms, 5);
    expect(rarest).toHaveLength(7);
    expect(gramListed(index, list(5, rarest[0] as number))).toEqual([0]);
    expect(index.rarestGrams(terms, 6).some((i) => gramListed(index, list(6, i)).includes(2))).toBe(true);
  });

  it('keeps where each trigram sits, in the query and in the lists', () => {
    const index = build(['banana']);
    const terms = index.query(analyzeName('banana', pinyin));
    const ana = terms.grams.findIndex((_, i) => terms.firstPositions[i] !== terms.lastPositions[i]);
    expect([terms.firstPositions[ana], terms.lastPositions[ana]]).toEqual([3, 5]);
    const list = (terms.grams[ana] as number) * LENGTH_BUCKETS + 6;
    const near = (from: number, to: number): number =>
      index.grams.collect(list, from, to, new GrowableUint32());
    // BANANA holds ANA at positions 3 and 5: the name is found near either, not elsewhere.
    expect([near(3, 3), near(5, 5), near(0, 2), near(4, 4), near(6, 255)]).toEqual([1, 1, 0, 0, 0]);
  });

  it('fills the trigram ids of a new name and counts its word units', () => {
    const index = new TermIndex();
    const grams: number[] = [];
    expect(index.add(0, analyzeName('Golden Nuggets', pinyin), grams)).toBe(2);
    expect(grams).toHaveLength('goldennuggets'.length + 2);
    expect(index.gramIds).toBe(grams.length);
  });

  it('finds names by word unit, sound key, printed shape and beginning of the query', () => {
    const index = build(['BLUE OCEAN', 'QUICK CLEAN', 'SAMSUNG', 'APPLE']);
    const has = (query: string, form: number): boolean => {
      const terms = index.query(analyzeName(query, pinyin));
      return [...terms.rareWords, ...terms.commonWords, ...terms.keys].some((term) =>
        listed(index.terms, term).includes(form),
      );
    };
    expect(has('OCEAN', 0)).toBe(true);
    expect(has('KWIK KLEEN', 1)).toBe(true);
    expect(has('$AMSUNG', 2)).toBe(true);
    expect(has('APPLEPAY', 3)).toBe(true);
    expect(has('APPLEPAYMENT', 3)).toBe(false);
    expect(has('PEAR', 3)).toBe(false);
  });

  it('calls a word unit common once it is in many names', () => {
    const names = Array.from({ length: 400 }, (_, i) => `NAME${i} TECH`);
    const index = build(names);
    expect(index.isCommon('tech')).toBe(true);
    expect(index.isCommon('name5')).toBe(false);
    expect(index.query(analyzeName('TECH', pinyin)).commonWords).toHaveLength(1);
  });

  it('calls a word common as soon as enough names are added, after being asked before', () => {
    const index = build(Array.from({ length: 150 }, (_, i) => `NAME${i} GROUP`));
    expect(index.isCommon('group')).toBe(false);
    for (let form = 150; form < 400; form++) index.add(form, analyzeName(`NAME${form} GROUP`, pinyin), []);
    index.settle();
    expect(index.isCommon('group')).toBe(true);
  });

  it('marks trigrams no name has', () => {
    const index = build(['apple']);
    expect(index.query(analyzeName('zzz', pinyin)).grams.every((gram) => gram === -1)).toBe(true);
  });
});
