import { describe, expect, it } from 'vitest';
import { analyzeName } from './analyze.ts';
import { FormStore } from './form-store.ts';
import { PinyinCache } from './pinyin.ts';
import { transliterationSounds } from './transliteration.ts';

describe('FormStore', () => {
  const pinyin = new PinyinCache();

  it('gives back the same analysis it stored', () => {
    const store = new FormStore();
    for (const name of [
      'Golden Nuggets',
      '小米科技',
      '华为 Mate 60',
      '$AMSUNG',
      'RNICROSOFT',
      'Müller & Söhne',
      '',
    ]) {
      const analysis = analyzeName(name, pinyin);
      const form = store.store(name, analysis);
      expect(store.analysis(form)).toEqual(analysis);
    }
  });

  it('keeps the transliteration sounds it is given and reads them back without the analysis', () => {
    const store = new FormStore();
    const forms = ['NIKE', '耐克', '特斯拉', 'PENFOLDS'].map((name) => {
      const analysis = analyzeName(name, pinyin);
      const sounds = transliterationSounds(analysis);
      return { form: store.store(name, analysis, sounds), expected: [...(sounds ?? [])] };
    });
    for (const { form, expected } of forms) {
      expect(expected.length).toBeGreaterThan(0);
      const start = store.soundsStart(form);
      const stored = [...store.chars.data.subarray(start, start + store.soundCount(form))];
      expect(stored).toEqual(expected.map((sound) => sound.id));
    }
    expect(store.hasHan(forms[1]?.form ?? -1)).toBe(true);
    expect(store.hasHan(forms[0]?.form ?? -1)).toBe(false);
    // A name that can neither be nor stand for a transliteration keeps none (a long Latin name).
    const long = analyzeName('The Quick Brown Fox Jumps', pinyin);
    expect(transliterationSounds(long)).toBeUndefined();
    expect(store.soundCount(store.store('The Quick Brown Fox Jumps', long, undefined))).toBe(0);
  });

  it('keeps whether a Chinese name is written for its meaning', () => {
    const store = new FormStore();
    const meaning = store.store('龙凤天地', analyzeName('龙凤天地', pinyin), undefined, true);
    const sound = store.store('特斯拉', analyzeName('特斯拉', pinyin));
    expect(store.writtenForMeaning(meaning)).toBe(true);
    expect(store.hasHan(meaning)).toBe(true);
    expect(store.writtenForMeaning(sound)).toBe(false);
    expect(store.hasHan(sound)).toBe(true);
  });

  it('finds a stored name by its exact text only', () => {
    const store = new FormStore();
    const form = store.store('Apple', analyzeName('Apple', pinyin));
    expect(store.find('Apple')).toBe(form);
    expect(store.find('APPLE')).toBe(-1);
    expect(store.count).toBe(1);
  });

  it('keeps the look-alike folded name readable by offset for the hot path', () => {
    const store = new FormStore();
    const form = store.store('G00GLE', analyzeName('G00GLE', pinyin));
    const offset = store.visualOffset[form] as number;
    expect(store.chars.read(offset, store.visualLength[form] as number)).toBe(
      analyzeName('GOOGLE', pinyin).visual,
    );
  });

  it('gives back spare capacity on trim and keeps working', () => {
    const store = new FormStore();
    for (let i = 0; i < 3000; i++) store.store(`mark${i}`, analyzeName(`mark${i}`, pinyin));
    const before = store.bytes;
    store.trim();
    expect(store.bytes).toBeLessThan(before);
    expect(store.analysis(2999).latin).toBe('mark2999');
    store.store('after', analyzeName('after', pinyin));
    expect(store.analysis(3000).latin).toBe('after');
  });
});
