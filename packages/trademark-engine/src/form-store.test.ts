import { describe, expect, it } from 'vitest';
import { analyzeName, type NameAnalysis } from './analyze.ts';
import { FormStore } from './form-store.ts';
import { PinyinCache } from './pinyin.ts';
import { SnapshotError, SnapshotReader, SnapshotWriter } from './snapshot-file.ts';
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

  describe('reads each reading from its own place whichever readings are shared', () => {
    // Each combination of readings kept apart or shared: the name with `exact` or not, `latin` with `visual` or
    // not, `lookalike` with `visual` or not, a Chinese `exact` or not, with sounds or without; two long ones.
    const names = [
      'Apple',
      'apple',
      'nike',
      'G00GLE',
      '$AMSUNG',
      'RNICROSOFT',
      'rnicrosoft',
      'Müller & Söhne',
      '小米科技',
      '耐克',
      '华为 Mate 60',
      '',
      'G00GLE Rnicrosoft $AMSUNG '.repeat(14),
      `${'長城'.repeat(160)} Mate`,
    ];

    interface Stored {
      readonly name: string;
      readonly form: number;
      readonly analysis: NameAnalysis;
      readonly sounds: readonly number[];
    }

    const fill = (store: FormStore): Stored[] =>
      names.map((name) => {
        const analysis = analyzeName(name, pinyin);
        const sounds = transliterationSounds(analysis);
        const form = store.store(name, analysis, sounds, name === '耐克');
        return { name, form, analysis, sounds: (sounds ?? []).map((sound) => sound.id) };
      });

    /** Reads every form back only once all are stored, so reading a neighbour's units would show. */
    const expectReadBack = (store: FormStore, stored: readonly Stored[]): void => {
      for (const { name, form, analysis, sounds } of stored) {
        // Words past the 32nd are kept as not read from a Chinese character.
        const fromHan = analysis.fromHan.map((han, i) => han && i < 32);
        const { exact, latin, words, hasHan } = analysis;
        expect(store.reading(form)).toEqual({ exact, latin, words, fromHan, hasHan });
        if (analysis.words.length <= 32) expect(store.analysis(form)).toEqual(analysis);
        else expect(store.analysis(form).lookalike).toBe(analysis.lookalike);
        const offset = store.visualOffset[form] as number;
        expect(store.chars.read(offset, store.visualLength[form] as number)).toBe(analysis.visual);
        const start = store.soundsStart(form);
        expect([...store.chars.data.subarray(start, start + store.soundCount(form))]).toEqual(sounds);
        expect(store.hasHan(form)).toBe(analysis.hasHan);
        expect(store.writtenForMeaning(form)).toBe(name === '耐克');
        expect(store.find(name)).toBe(form);
      }
    };

    it('covers every sharing', () => {
      const analyses = names.map((name) => ({ name, a: analyzeName(name, pinyin) }));
      const kinds = new Set(
        analyses.map(({ name, a }) =>
          [a.hasHan, name === a.exact, a.visual === a.latin, a.lookalike === a.visual].join(),
        ),
      );
      for (const kind of [
        'false,false,true,true',
        'false,true,true,true',
        'false,true,false,true',
        'false,false,false,true',
        'false,false,true,false',
        'false,false,false,false',
        'false,true,false,false',
        'true,true,false,false',
        'true,false,false,false',
      ])
        expect(kinds).toContain(kind);
      expect(names.some((name) => name.length > 300 && !/\p{Script=Han}/u.test(name))).toBe(true);
      expect(analyses.some(({ name, a }) => name.length > 300 && a.hasHan)).toBe(true);
    });

    it('in a store being filled', () => {
      const store = new FormStore();
      const stored = fill(store);
      expectReadBack(store, stored);
      expect(store.find('APPLE')).toBe(-1);
      store.trim();
      expectReadBack(store, stored);
    });

    it('after a save and restore', () => {
      const store = new FormStore();
      const stored = fill(store);
      const writer = new SnapshotWriter();
      store.save(writer);
      // Copies, as a file would give: the restored store must not lean on the saved one's arrays.
      const arrays = new Map([...writer.arrays].map(([name, array]) => [name, array.slice()]));
      const restored = new FormStore();
      restored.restore(new SnapshotReader(arrays, structuredClone(writer.values)));
      expect(restored.count).toBe(store.count);
      expectReadBack(restored, stored);
      // It keeps growing from where it was.
      const more = restored.store('Zebra', analyzeName('Zebra', pinyin));
      expect(restored.analysis(more)).toEqual(analyzeName('Zebra', pinyin));
      expectReadBack(restored, stored);
    });

    it('refuses a snapshot whose columns or layout do not match', () => {
      const store = new FormStore();
      fill(store);
      const writer = new SnapshotWriter();
      store.save(writer);
      const restoring = (change: (arrays: Map<string, Uint8Array | Uint16Array | Uint32Array>) => void) => {
        const arrays = new Map(
          [...writer.arrays].map(([name, array]) => [
            name,
            array.slice() as Uint8Array | Uint16Array | Uint32Array,
          ]),
        );
        change(arrays);
        return () => new FormStore().restore(new SnapshotReader(arrays, writer.values));
      };
      const corrupt = expect.objectContaining({ name: 'SnapshotError', reason: 'corrupt' });
      expect(restoring((arrays) => arrays.set('nameLength', new Uint16Array(3)))).toThrow(corrupt);
      // One length off moves every later place: the units no longer tile the pool.
      expect(
        restoring((arrays) => {
          const lengths = arrays.get('lookalikeLength') as Uint16Array;
          lengths[5] = (lengths[5] as number) + 1;
        }),
      ).toThrow(SnapshotError);
      expect(
        restoring((arrays) => {
          const flags = arrays.get('flags') as Uint8Array;
          flags[0] = (flags[0] as number) ^ 32;
        }),
      ).toThrow(corrupt);
      // The sounds' count sits in the pool just before the visual name: a wrong one claims another form's units.
      expect(
        restoring((arrays) => {
          const pool = arrays.get('chars.data') as Uint16Array;
          const offsets = arrays.get('visualOffset') as Uint32Array;
          const countAt = (offsets[3] as number) - 1;
          pool[countAt] = (pool[countAt] as number) + 1;
        }),
      ).toThrow(corrupt);
    });
  });

  it('stores a name of 65,535 units and refuses a longer reading rather than cut it', () => {
    const store = new FormStore();
    const longest = 'a'.repeat(0xffff);
    const form = store.store(longest, analyzeName(longest, pinyin));
    expect(store.analysis(form).latin).toBe(longest);
    expect(store.find(longest)).toBe(form);
    // Folded, each ß becomes two letters.
    const folding = 'ß'.repeat(40_000);
    expect(() => store.store(folding, analyzeName(folding, pinyin))).toThrow(RangeError);
    expect(store.count).toBe(1);
    expect(store.find(folding)).toBe(-1);
    expect(store.find(longest)).toBe(form);
  });
});
