import { describe, expect, it } from 'vitest';
import { TrademarkIndex } from './engine.ts';
import { generateMarks } from './generate-marks.ts';
import { PinyinCache } from './pinyin.ts';

// Enough marks for `add` to take them as a bulk load.
const marks = generateMarks({ count: 12_000, seed: 11 });
const chinese = marks.find((mark) => /\p{Script=Han}/u.test(mark.name));

describe('TrademarkIndex caches', () => {
  it('forgets the pinyin of a bulk load it owns, and still finds Chinese names', () => {
    const index = new TrademarkIndex();
    index.add(marks);
    expect(index.pinyin.size).toBe(0);
    expect(chinese).toBeDefined();
    const found = index.search({ text: chinese?.name as string }).matches;
    expect(found[0]?.score).toBe(100);
  });

  it('keeps a pinyin cache it was given, which others may share', () => {
    const shared = new PinyinCache();
    const index = new TrademarkIndex({ pinyin: shared });
    index.add(marks);
    expect(shared.size).toBeGreaterThan(0);
    index.releaseCaches();
    expect(shared.size).toBeGreaterThan(0);
  });

  it('lets a caller adding in pages release the caches once they are in', () => {
    const index = new TrademarkIndex();
    for (let i = 0; i < 2_000; i += 500) index.add(marks.slice(i, i + 500));
    expect(index.pinyin.size).toBeGreaterThan(0);
    const before = index.search({ text: chinese?.name as string });
    index.releaseCaches();
    expect(index.pinyin.size).toBe(0);
    expect(index.search({ text: chinese?.name as string })).toEqual(before);
  });
});
