import type { NameAnalysis, NameReading } from './analyze.ts';
import { FNV_OFFSET, fnvHash, fnvStep } from './grams.ts';
import { CharPool, resize, type Sized } from './growable.ts';
import { soundKeys } from './phonetic.ts';
import { singular } from './plural.ts';
import { SnapshotError, type SnapshotReader, type SnapshotWriter } from './snapshot-file.ts';
import { type Sound, soundDefinitions, soundNumbersFor } from './transliteration.ts';

const LATIN = 0;
const HAN = 1;
const HAN_FOR_MEANING = 2;
// The name table is grown before it is fuller than this, so probes stay short.
const MAX_NAME_LOAD = 0.6;

/**
 * Distinct names and what was derived from them, kept in typed columns: a "form" is one distinct name string, shared
 * by every mark that bears it (the same mark filed in ten markets is analysed once). Strings live in one char pool,
 * so a million forms cost a handful of large arrays rather than millions of objects; the few forms a search compares
 * in full get their analysis back with `analysis`. A name is found by its hash in an open-addressing table of form
 * numbers, checked against the name kept in the pool: no string or map entry per name, which also lets a snapshot
 * load without rebuilding anything.
 */
export class FormStore {
  readonly chars = new CharPool();
  count = 0;

  /** Form + 1 per slot, 0 for an empty one; slots are a power of two. */
  #nameSlots = new Int32Array(2048);
  /** The name as given; it shares the pool place of `exact` or `latin` when equal to one of them. */
  #nameOffset = new Uint32Array(1024);
  #nameLength = new Uint16Array(1024);

  #latinOffset = new Uint32Array(1024);
  #latinLength = new Uint16Array(1024);
  /** Chinese-character forms keep their characters apart; for the others `exact` is `latin`. */
  #exactOffset = new Uint32Array(1024);
  #exactLength = new Uint16Array(1024);
  visualOffset = new Uint32Array(1024);
  visualLength = new Uint16Array(1024);
  #lookalikeOffset = new Uint32Array(1024);
  #lookalikeLength = new Uint16Array(1024);
  /**
   * Where the name's word lengths start in the pool: the number of words, then each one's length. The words are
   * `latin` cut at those lengths (it is their concatenation), which costs a unit a word instead of a second copy.
   */
  #wordsOffset = new Uint32Array(1024);
  /** Bit i: word i was read from a Chinese character (words past the 32nd count as not). */
  #fromHan = new Uint32Array(1024);
  /** `LATIN`, `HAN`, or `HAN_FOR_MEANING` for a Chinese name written for its meaning. */
  #script = new Uint8Array(1024);
  /** A form's transliteration sounds as sound numbers in `chars`; none (length 0) for a name that cannot be one. */
  #soundsOffset = new Uint32Array(1024);
  #soundsLength = new Uint16Array(1024);

  /** The form of `name`, or -1 when it has not been stored. */
  find(name: string): number {
    const slots = this.#nameSlots;
    const mask = slots.length - 1;
    for (let slot = fnvHash(name) & mask; ; slot = (slot + 1) & mask) {
      const form = (slots[slot] as number) - 1;
      if (form < 0) return -1;
      if (this.#nameIs(form, name)) return form;
    }
  }

  #nameIs(form: number, name: string): boolean {
    const length = this.#nameLength[form] as number;
    return length === name.length && this.chars.startsWith(this.#nameOffset[form] as number, length, name);
  }

  #listName(form: number, name: string): void {
    if ((form + 1) / this.#nameSlots.length > MAX_NAME_LOAD) {
      // Twice the slots, each stored name placed again by its hash, read from the pool.
      const old = this.#nameSlots;
      this.#nameSlots = new Int32Array(old.length * 2);
      for (const entry of old) if (entry !== 0) this.#place(entry - 1, this.#nameHash(entry - 1));
    }
    this.#place(form, fnvHash(name));
  }

  /** Puts `form` in the first free slot from its hash's. */
  #place(form: number, hash: number): void {
    const slots = this.#nameSlots;
    const mask = slots.length - 1;
    let slot = hash & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = form + 1;
  }

  /** `fnvHash` of a stored form's name, from the pool without making a string. */
  #nameHash(form: number): number {
    const pool = this.chars.data;
    const offset = this.#nameOffset[form] as number;
    let hash = FNV_OFFSET;
    for (let i = offset, end = offset + (this.#nameLength[form] as number); i < end; i++)
      hash = fnvStep(hash, pool[i] as number);
    return hash;
  }

  /**
   * Stores the analysis of a name not stored yet, with its transliteration sounds (`transliterationSounds`) and, for a
   * Chinese name, whether it is written for its meaning (`readsAsTransliteration` false), and returns its form.
   */
  store(name: string, a: NameAnalysis, sounds?: readonly Sound[], writtenForMeaning = false): number {
    const form = this.count++;
    if (form >= this.#latinOffset.length) this.#grow(form + 1);
    const latinOffset = this.chars.append(a.latin);
    this.#latinOffset[form] = latinOffset;
    this.#latinLength[form] = a.latin.length;
    this.#exactOffset[form] = a.hasHan ? this.chars.append(a.exact) : latinOffset;
    this.#exactLength[form] = a.exact.length;
    this.#nameOffset[form] =
      name === a.exact
        ? (this.#exactOffset[form] as number)
        : name === a.latin
          ? latinOffset
          : this.chars.append(name);
    this.#nameLength[form] = name.length;
    this.#listName(form, name);
    this.visualOffset[form] = a.visual === a.latin ? latinOffset : this.chars.append(a.visual);
    this.visualLength[form] = a.visual.length;
    this.#lookalikeOffset[form] =
      a.lookalike === a.visual ? (this.visualOffset[form] as number) : this.chars.append(a.lookalike);
    this.#lookalikeLength[form] = a.lookalike.length;
    this.#wordsOffset[form] = this.chars.appendUnits([a.words.length, ...a.words.map((word) => word.length)]);
    let fromHan = 0;
    for (let i = 0; i < a.fromHan.length && i < 32; i++) if (a.fromHan[i]) fromHan |= 1 << i;
    this.#fromHan[form] = fromHan;
    this.#script[form] = !a.hasHan ? LATIN : writtenForMeaning ? HAN_FOR_MEANING : HAN;
    // Forms are only ever appended, so a form without sounds keeps the zero length its column starts with.
    if (sounds !== undefined && sounds.length > 0) {
      this.#soundsOffset[form] = this.chars.appendUnits(sounds.map((sound) => sound.id));
      this.#soundsLength[form] = sounds.length;
    }
    return form;
  }

  /** Whether the form's name has Chinese characters. */
  hasHan(form: number): boolean {
    return this.#script[form] !== LATIN;
  }

  /** Whether the form is a Chinese name stored as written for its meaning. */
  writtenForMeaning(form: number): boolean {
    return this.#script[form] === HAN_FOR_MEANING;
  }

  /**
   * Where the form's transliteration sounds start in `chars.data`, as sound numbers (`Sound.id`): a search aligns
   * thousands of stored names, reading their sounds in place rather than rebuilding each one's analysis.
   */
  soundsStart(form: number): number {
    return this.#soundsOffset[form] as number;
  }

  /** How many transliteration sounds the form has; 0 for a name that can neither be nor stand for one. */
  soundCount(form: number): number {
    return this.#soundsLength[form] as number;
  }

  /** What a transliteration comparison needs of a stored form: its words, read, without the sound keys. */
  reading(form: number): NameReading {
    const chars = this.chars;
    const latin = chars.read(this.#latinOffset[form] as number, this.#latinLength[form] as number);
    const wordsAt = this.#wordsOffset[form] as number;
    const pool = chars.data;
    const words: string[] = [];
    for (let i = 1, start = 0, count = pool[wordsAt] as number; i <= count; i++) {
      const end = start + (pool[wordsAt + i] as number);
      words.push(latin.slice(start, end));
      start = end;
    }
    const mask = this.#fromHan[form] as number;
    const fromHan = words.map((_, i) => i < 32 && ((mask >>> i) & 1) === 1);
    const hasHan = this.hasHan(form);
    const exact = hasHan
      ? chars.read(this.#exactOffset[form] as number, this.#exactLength[form] as number)
      : latin;
    return { exact, latin, words, fromHan, hasHan };
  }

  /** Rebuilds the analysis of a stored form; used for the few candidates that get a full comparison. */
  analysis(form: number): NameAnalysis {
    const chars = this.chars;
    const { exact, latin, words, fromHan, hasHan } = this.reading(form);
    const sound = hasHan ? soundKeys([]) : soundKeys(words);
    return {
      exact,
      latin,
      visual: chars.read(this.visualOffset[form] as number, this.visualLength[form] as number),
      lookalike: chars.read(this.#lookalikeOffset[form] as number, this.#lookalikeLength[form] as number),
      words,
      stems: words.map((word, i) => (fromHan[i] ? word : singular(word))),
      fromHan,
      hasHan,
      metaphone: sound.metaphone,
      sound: sound.sound,
      vowels: sound.vowels,
    };
  }

  /** Bytes held in typed arrays. */
  get bytes(): number {
    return this.#columns().reduce(
      (sum, [, column]) => sum + column.byteLength,
      this.chars.data.byteLength + this.#nameSlots.byteLength,
    );
  }

  save(out: SnapshotWriter): void {
    this.chars.save(out.child('chars'));
    out.array('nameSlots', this.#nameSlots);
    for (const [name, column] of this.#columns()) out.array(name, column, this.count);
    // Sound numbers are this process's: the definitions let another process map them to its own.
    out.value('sounds', soundDefinitions());
  }

  /** Takes saved names into this empty store. */
  restore(from: SnapshotReader): void {
    this.chars.restore(from.child('chars'));
    this.#nameSlots = from.array('nameSlots', Int32Array);
    const slots = this.#nameSlots.length;
    if (slots < 16 || (slots & (slots - 1)) !== 0) throw new SnapshotError('corrupt', 'name table');
    this.count = from.array('latinLength', Uint16Array).length;
    this.#nameOffset = from.array('nameOffset', Uint32Array);
    this.#nameLength = from.array('nameLength', Uint16Array);
    this.#latinOffset = from.array('latinOffset', Uint32Array);
    this.#latinLength = from.array('latinLength', Uint16Array);
    this.#exactOffset = from.array('exactOffset', Uint32Array);
    this.#exactLength = from.array('exactLength', Uint16Array);
    this.visualOffset = from.array('visualOffset', Uint32Array);
    this.visualLength = from.array('visualLength', Uint16Array);
    this.#lookalikeOffset = from.array('lookalikeOffset', Uint32Array);
    this.#lookalikeLength = from.array('lookalikeLength', Uint16Array);
    this.#wordsOffset = from.array('wordsOffset', Uint32Array);
    this.#fromHan = from.array('fromHan', Uint32Array);
    this.#script = from.array('script', Uint8Array);
    this.#soundsOffset = from.array('soundsOffset', Uint32Array);
    this.#soundsLength = from.array('soundsLength', Uint16Array);
    if (this.#columns().some(([, column]) => column.length !== this.count))
      throw new SnapshotError('corrupt', 'name store columns');
    this.#renumberSounds(from.strings('sounds'));
  }

  /** Rewrites the stored sound numbers of the process that saved them (`definitions`) as this process's numbers. */
  #renumberSounds(definitions: readonly string[]): void {
    let numbers: Uint16Array;
    try {
      numbers = soundNumbersFor(definitions);
    } catch (error) {
      throw new SnapshotError('corrupt', String(error));
    }
    if (numbers.every((number, saved) => number === saved)) return;
    const pool = this.chars.data;
    for (let form = 0; form < this.count; form++) {
      const start = this.#soundsOffset[form] as number;
      for (let i = start, end = start + (this.#soundsLength[form] as number); i < end; i++) {
        const number = numbers[pool[i] as number];
        if (number === undefined) throw new SnapshotError('corrupt', 'unknown sound');
        pool[i] = number;
      }
    }
  }

  /** Gives back the spare capacity of every column and of the char pool, after a bulk load. */
  trim(): void {
    this.chars.trim();
    this.#grow(this.count, true);
  }

  /** The per-form columns by name, as a snapshot keeps them. */
  #columns(): [string, Sized][] {
    return [
      ['nameOffset', this.#nameOffset],
      ['nameLength', this.#nameLength],
      ['latinOffset', this.#latinOffset],
      ['latinLength', this.#latinLength],
      ['exactOffset', this.#exactOffset],
      ['exactLength', this.#exactLength],
      ['visualOffset', this.visualOffset],
      ['visualLength', this.visualLength],
      ['lookalikeOffset', this.#lookalikeOffset],
      ['lookalikeLength', this.#lookalikeLength],
      ['wordsOffset', this.#wordsOffset],
      ['fromHan', this.#fromHan],
      ['script', this.#script],
      ['soundsOffset', this.#soundsOffset],
      ['soundsLength', this.#soundsLength],
    ];
  }

  #grow(count: number, exact = false): void {
    const size = <T extends Sized>(array: T): T => resize(array, count, exact);
    this.#nameOffset = size(this.#nameOffset);
    this.#nameLength = size(this.#nameLength);
    this.#latinOffset = size(this.#latinOffset);
    this.#latinLength = size(this.#latinLength);
    this.#exactOffset = size(this.#exactOffset);
    this.#exactLength = size(this.#exactLength);
    this.visualOffset = size(this.visualOffset);
    this.visualLength = size(this.visualLength);
    this.#lookalikeOffset = size(this.#lookalikeOffset);
    this.#lookalikeLength = size(this.#lookalikeLength);
    this.#wordsOffset = size(this.#wordsOffset);
    this.#fromHan = size(this.#fromHan);
    this.#script = size(this.#script);
    this.#soundsOffset = size(this.#soundsOffset);
    this.#soundsLength = size(this.#soundsLength);
  }
}
