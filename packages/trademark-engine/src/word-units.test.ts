import { describe, expect, it } from 'vitest';
import { analyzeName } from './analyze.ts';
import { PinyinCache } from './pinyin.ts';
import { wordUnits } from './word-units.ts';

const pinyin = new PinyinCache();
const units = (name: string) => wordUnits(analyzeName(name, pinyin));

describe('wordUnits', () => {
  it('takes distinctive Latin words as their stems, once each', () => {
    const view = units('The Golden Nuggets and the Nugget');
    expect(view.units).toEqual(['golden', 'nugget']);
    expect(view.surfaces).toEqual(['golden', 'nuggets']);
    expect(view.letters).toBe('golden'.length + 'nugget'.length);
  });

  it('takes neighbouring Chinese characters in pairs, in either order', () => {
    expect(units('小米科技').units).toEqual(['mi+xiao', 'ke+mi', 'ji+ke']);
    expect(units('米小').units).toEqual(units('小米').units);
    expect(units('小米科技').syllables).toEqual(['xiao', 'mi', 'ke', 'ji']);
  });

  it('gives a single character no unit', () => {
    expect(units('米').units).toEqual([]);
  });
});
