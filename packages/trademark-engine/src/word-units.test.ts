import { describe, expect, it } from 'vitest';
import { analyzeName } from './analyze.ts';
import { descriptiveWordsFor } from './descriptive.ts';
import { PinyinCache } from './pinyin.ts';
import { coreUnits, hasUnitAmong, wordUnits } from './word-units.ts';

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

describe('hasUnitAmong', () => {
  const names = [
    '小米科技',
    '米小',
    '科技小米',
    '米',
    'The Golden Nuggets',
    'golden 小米',
    'NUGGET',
    'the and',
    '金米 Nugget',
  ];
  it('tells whether two names share a unit, as their units do', () => {
    for (const a of names) {
      for (const b of names) {
        const theirs = units(b).units;
        const shared = units(a).units.some((unit) => theirs.includes(unit));
        expect(hasUnitAmong(analyzeName(a, pinyin), theirs), `${a} / ${b}`).toBe(shared);
      }
    }
  });

  it('pairs only characters that stand together, in either order', () => {
    expect(hasUnitAmong(analyzeName('米小', pinyin), units('小米').units)).toBe(true);
    expect(hasUnitAmong(analyzeName('小A米', pinyin), units('小米').units)).toBe(false);
    expect(hasUnitAmong(analyzeName('小米', pinyin), [])).toBe(false);
  });
});

describe('coreUnits', () => {
  const core = (name: string, common: string[] = []) =>
    coreUnits(analyzeName(name, pinyin), {
      descriptive: descriptiveWordsFor(),
      isCommon: (unit) => common.includes(unit),
    });

  it('sets listed and frequent Latin words aside', () => {
    expect(core('Bella Home Store')).toMatchObject({ units: ['bella'], setAside: true, letters: 5 });
    expect(core('Bella Wave', ['wave'])).toMatchObject({ units: ['bella'], setAside: true });
    expect(core('Bella Wave')).toMatchObject({ units: ['bella', 'wave'], setAside: false });
  });

  it('takes listed Chinese words off both ends of a run of characters, not its middle', () => {
    expect(core('深圳市喜科电子科技有限公司')).toMatchObject({ units: ['ke+xi'], syllables: ['xi', 'ke'] });
    expect(core('喜科科技').units).toEqual(['ke+xi']);
    expect(core('喜科技达').units).toEqual(wordUnits(analyzeName('喜科技达', pinyin)).units);
    expect(core('科技')).toMatchObject({ units: [], setAside: true });
  });

  it('drops frequent pairs of characters', () => {
    expect(core('喜科达', ['ke+xi'])).toMatchObject({ units: ['da+ke'], setAside: true });
  });
});
