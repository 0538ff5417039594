import { describe, expect, it } from 'vitest';
import { PinyinCache } from './pinyin.ts';

describe('PinyinCache', () => {
  it('reads each character as its toneless pinyin', () => {
    const cache = new PinyinCache();
    expect(cache.get('小米')).toEqual(['xiao', 'mi']);
    expect(cache.get('乔丹')).toEqual(['qiao', 'dan']);
  });

  it('writes ü as v', () => {
    expect(new PinyinCache().get('绿')).toEqual(['lv']);
  });

  it('gives homophones the same reading', () => {
    const cache = new PinyinCache();
    expect(cache.get('小咪')).toEqual(cache.get('小米'));
  });

  it('converts each distinct run once and serves repeats from the cache', () => {
    const cache = new PinyinCache();
    cache.warm(['小米科技', '小米 科技', 'APPLE', '华为ABC']);
    expect(cache.size).toBe(4);
    expect([...cache.entries()].map(([han]) => han).sort()).toEqual(
      ['华为', '小米', '小米科技', '科技'].sort(),
    );
  });

  it('takes readings stored elsewhere', () => {
    const cache = new PinyinCache();
    cache.set('长城', ['chang', 'cheng']);
    expect(cache.get('长城')).toEqual(['chang', 'cheng']);
    expect(cache.size).toBe(1);
  });
});

describe('PinyinCache readings', () => {
  it('reads a character with several readings from its word', () => {
    const cache = new PinyinCache();
    expect(cache.get('长城')).toEqual(['chang', 'cheng']);
    expect(cache.get('长官')).toEqual(['zhang', 'guan']);
    expect(cache.get('重庆')).toEqual(['chong', 'qing']);
  });

  it('puts runs of single-reading characters together the same way pinyin-pro reads them', async () => {
    const { pinyin } = await import('pinyin-pro');
    const cache = new PinyinCache();
    for (const run of ['华为科技', '小米', '茅台', '蔚澜宏伟', '绿茶']) {
      expect(cache.get(run)).toEqual(pinyin(run, { toneType: 'none', type: 'array', v: true }));
    }
  });
});
