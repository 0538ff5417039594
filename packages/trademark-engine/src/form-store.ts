import type { NameAnalysis, NameReading } from './analyze.ts';
import { FNV_OFFSET, fnvHash, fnvStep } from './grams.ts';
import { CharPool, resize, type Sized } from './growable.ts';
import { soundKeys } from './phonetic.ts';
import { SnapshotError, type SnapshotReader, type SnapshotWriter } from './snapshot-file.ts';
import { type Sound, soundDefinitions, soundNumbersFor } from './transliteration.ts';
import { stemsOf } from './word-stem.ts';

// The flags byte: the script in its low bits, then which readings share the place of another instead of their own.
const SCRIPT = 3;
const LATIN = 0;
const HAN = 1;
const HAN_FOR_MEANING = 2;
const LATIN_IS_VISUAL = 4;
const NAME_IS_EXACT = 8;
const NAME_IS_LATIN = 16;
const LOOKALIKE_IS_VISUAL = 32;
// Lengths are 16-bit columns and units: a longer reading would wrap into a wrong place for every reading after it.
const MAX_LENGTH = 0xffff;
// The name table is grown before it is fuller than this, so probes stay short.
const MAX_NAME_LOAD = 0.6;

/**
 * Distinct names and what was derived from them, kept in typed columns: a "form" is one distinct name string, shared
 * by every mark that bears it (the same mark filed in ten markets is analysed once). Strings live in one char pool,
 * so a million forms cost a handful of large arrays rather than millions of objects; the few forms a search compares
 * in full get their analysis back with `analysis`. A name is found by its hash in an open-addressing table of form
 * numbers, checked against the name kept in the pool: no string or map entry per name, which also lets a snapshot
 * load without rebuilding anything.
 *
 * A form's units lie back to back in the pool around one offset, `visualOffset`, in this order: the sounds, their
 * count, `visual` (at the offset), then `latin`, `exact`, the name as given and `lookalike` each only when it does
 * not equal an earlier reading (the flags say which are shared: `latin` with `visual`, `exact` with `latin` for a name
 * without Chinese characters, the name with `exact` or `latin`, `lookalike` with `visual`), then the word lengths.
 * Each place is the offset plus or minus the lengths of what lies between, so a form costs one offset rather than one
 * a reading. The search's hot reads need no more than the offset: the visual name, and the sounds with their count
 * just before it, where a short Chinese query aligns tens of thousands of Latin names and each further column read
 * would be one more cache miss per name.
 */
export class FormStore {
  readonly chars = new CharPool();
  count = 0;

  /** Form + 1 per slot, 0 for an empty one; slots are a power of two. */
  #nameSlots = new Int32Array(2048);
  /** Where the form's `visual` reading is in the pool; its sounds and their count lie just before it. */
  visualOffset = new Uint32Array(1024);
  visualLength = new Uint16Array(1024);
  #latinLength = new Uint16Array(1024);
  /** Chinese-character forms keep their characters apart; for the others `exact` is `latin`. */
  #exactLength = new Uint16Array(1024);
  #nameLength = new Uint16Array(1024);
  #lookalikeLength = new Uint16Array(1024);
  /** Bit i: word i was read from a Chinese character (words past the 32nd count as not). */
  #fromHan = new Uint32Array(1024);
  /** The script (`LATIN`, `HAN`, or `HAN_FOR_MEANING` for a Chinese name written for its meaning) and sharing bits. */
  #flags = new Uint8Array(1024);

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
    return length === name.length && this.chars.startsWith(this.#nameAt(form), length, name);
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
    const offset = this.#nameAt(form);
    let hash = FNV_OFFSET;
    for (let i = offset, end = offset + (this.#nameLength[form] as number); i < end; i++)
      hash = fnvStep(hash, pool[i] as number);
    return hash;
  }

  /** Where `latin` is: the base when it equals `visual`, else after it. */
  #latinAt(form: number): number {
    if (((this.#flags[form] as number) & LATIN_IS_VISUAL) !== 0) return this.visualOffset[form] as number;
    return this.#afterVisual(form);
  }

  #afterVisual(form: number): number {
    return (this.visualOffset[form] as number) + (this.visualLength[form] as number);
  }

  /** Where `exact` is kept apart for a Chinese name, or would be: right after `latin`'s own units, if any. */
  #afterLatin(form: number): number {
    const end = this.#afterVisual(form);
    return ((this.#flags[form] as number) & LATIN_IS_VISUAL) !== 0
      ? end
      : end + (this.#latinLength[form] as number);
  }

  #exactAt(form: number): number {
    return this.hasHan(form) ? this.#afterLatin(form) : this.#latinAt(form);
  }

  /** Where a name of its own is kept, or would be: after `exact`'s own units, if any. */
  #afterExact(form: number): number {
    const after = this.#afterLatin(form);
    return this.hasHan(form) ? after + (this.#exactLength[form] as number) : after;
  }

  #nameAt(form: number): number {
    const flags = this.#flags[form] as number;
    if ((flags & NAME_IS_EXACT) !== 0) return this.#exactAt(form);
    if ((flags & NAME_IS_LATIN) !== 0) return this.#latinAt(form);
    return this.#afterExact(form);
  }

  /** Where `lookalike` of its own is kept, or would be: after the name's own units, if any. */
  #afterName(form: number): number {
    const after = this.#afterExact(form);
    return ((this.#flags[form] as number) & (NAME_IS_EXACT | NAME_IS_LATIN)) !== 0
      ? after
      : after + (this.#nameLength[form] as number);
  }

  #lookalikeAt(form: number): number {
    if (((this.#flags[form] as number) & LOOKALIKE_IS_VISUAL) !== 0) return this.visualOffset[form] as number;
    return this.#afterName(form);
  }

  /**
   * Where the name's word lengths start, last of its units: the number of words, then each one's length. The words
   * are `latin` cut at those lengths (it is their concatenation), which costs a unit a word instead of a second copy.
   */
  #wordsAt(form: number): number {
    const after = this.#afterName(form);
    return ((this.#flags[form] as number) & LOOKALIKE_IS_VISUAL) !== 0
      ? after
      : after + (this.#lookalikeLength[form] as number);
  }

  /**
   * Stores the analysis of a name not stored yet, with its transliteration sounds (`transliterationSounds`) and, for a
   * Chinese name, whether it is written for its meaning (`readsAsTransliteration` false), and returns its form.
   * Throws a RangeError, storing nothing, for a name or reading longer than 65,535 units.
   */
  store(name: string, a: NameAnalysis, sounds?: readonly Sound[], writtenForMeaning = false): number {
    const soundCount = sounds?.length ?? 0;
    const longest = Math.max(
      name.length,
      a.latin.length,
      a.exact.length,
      a.visual.length,
      a.lookalike.length,
      a.words.length,
      soundCount,
    );
    if (longest > MAX_LENGTH) throw new RangeError(`a name of ${name.length} units is too long to store`);
    const form = this.count++;
    if (form >= this.visualOffset.length) this.#grow(form + 1);
    const chars = this.chars;
    // Appended in the order the readers walk: see the class comment.
    chars.appendUnits([...(sounds ?? []).map((sound) => sound.id), soundCount]);
    this.visualOffset[form] = chars.append(a.visual);
    this.visualLength[form] = a.visual.length;
    let flags = !a.hasHan ? LATIN : writtenForMeaning ? HAN_FOR_MEANING : HAN;
    if (a.latin === a.visual) flags |= LATIN_IS_VISUAL;
    else chars.append(a.latin);
    this.#latinLength[form] = a.latin.length;
    if (a.hasHan) chars.append(a.exact);
    this.#exactLength[form] = a.exact.length;
    // For a name without Chinese characters `exact` is `latin`, so either flag finds the same place.
    if (name === a.exact) flags |= NAME_IS_EXACT;
    else if (name === a.latin) flags |= NAME_IS_LATIN;
    else chars.append(name);
    this.#nameLength[form] = name.length;
    if (a.lookalike === a.visual) flags |= LOOKALIKE_IS_VISUAL;
    else chars.append(a.lookalike);
    this.#lookalikeLength[form] = a.lookalike.length;
    chars.appendUnits([a.words.length, ...a.words.map((word) => word.length)]);
    this.#flags[form] = flags;
    let fromHan = 0;
    for (let i = 0; i < a.fromHan.length && i < 32; i++) if (a.fromHan[i]) fromHan |= 1 << i;
    this.#fromHan[form] = fromHan;
    this.#listName(form, name);
    return form;
  }

  /** Whether the form's name has Chinese characters. */
  hasHan(form: number): boolean {
    return ((this.#flags[form] as number) & SCRIPT) !== LATIN;
  }

  /** Whether the form is a Chinese name stored as written for its meaning. */
  writtenForMeaning(form: number): boolean {
    return ((this.#flags[form] as number) & SCRIPT) === HAN_FOR_MEANING;
  }

  /**
   * Where the count of the form's transliteration sounds is in `chars.data`; the sounds, as sound numbers
   * (`Sound.id`), end there. A search aligns thousands of stored names, reading their sounds in place rather than
   * rebuilding each one's analysis: the count and the sounds before it are found from the one offset, mostly in one
   * cache line.
   */
  soundsEnd(form: number): number {
    return (this.visualOffset[form] as number) - 1;
  }

  /** How many transliteration sounds the form has; 0 for a name that can neither be nor stand for one. */
  soundCount(form: number): number {
    return this.chars.data[this.soundsEnd(form)] as number;
  }

  /** Where the form's transliteration sounds start in `chars.data`. */
  soundsStart(form: number): number {
    return this.soundsStartBefore(this.soundsEnd(form));
  }

  /**
   * Where the sounds start that end at `end` (a `soundsEnd`), for a search that reads the ends of thousands of names
   * first and their starts after (`TrademarkIndex`).
   */
  soundsStartBefore(end: number): number {
    return end - (this.chars.data[end] as number);
  }

  /** What a transliteration comparison needs of a stored form: its words, read, without the sound keys. */
  reading(form: number): NameReading {
    const chars = this.chars;
    const latin = chars.read(this.#latinAt(form), this.#latinLength[form] as number);
    const wordsAt = this.#wordsAt(form);
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
    const exact = hasHan ? chars.read(this.#exactAt(form), this.#exactLength[form] as number) : latin;
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
      lookalike: chars.read(this.#lookalikeAt(form), this.#lookalikeLength[form] as number),
      words,
      stems: stemsOf(words, fromHan),
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
    this.count = from.array('visualLength', Uint16Array).length;
    this.visualOffset = from.array('visualOffset', Uint32Array);
    this.visualLength = from.array('visualLength', Uint16Array);
    this.#latinLength = from.array('latinLength', Uint16Array);
    this.#exactLength = from.array('exactLength', Uint16Array);
    this.#nameLength = from.array('nameLength', Uint16Array);
    this.#lookalikeLength = from.array('lookalikeLength', Uint16Array);
    this.#fromHan = from.array('fromHan', Uint32Array);
    this.#flags = from.array('flags', Uint8Array);
    if (this.#columns().some(([, column]) => column.length !== this.count))
      throw new SnapshotError('corrupt', 'name store columns');
    this.#checkLayout();
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
      for (let i = this.soundsStart(form), end = this.soundsEnd(form); i < end; i++) {
        const number = numbers[pool[i] as number];
        if (number === undefined) throw new SnapshotError('corrupt', 'unknown sound');
        pool[i] = number;
      }
    }
  }

  /**
   * Checks that the forms' units tile the pool, each form's starting where the one before ends: every place is worked
   * out from the lengths and flags, so a wrong one would read another form's units rather than fail.
   */
  #checkLayout(): void {
    const pool = this.chars.data;
    const length = this.chars.length;
    let end = 0;
    for (let form = 0; form < this.count; form++) {
      const flags = this.#flags[form] as number;
      const countAt = this.soundsEnd(form);
      const startsAtEnd = countAt >= end && countAt < length && this.soundsStartBefore(countAt) === end;
      const wordsAt = startsAtEnd ? this.#wordsAt(form) : -1;
      if (flags > 63 || (flags & SCRIPT) > HAN_FOR_MEANING || wordsAt < 0 || wordsAt >= length)
        throw new SnapshotError('corrupt', 'name store layout');
      end = wordsAt + 1 + (pool[wordsAt] as number);
    }
    if (end !== length) throw new SnapshotError('corrupt', 'name store layout');
  }

  /** Gives back the spare capacity of every column and of the char pool, after a bulk load. */
  trim(): void {
    this.chars.trim();
    this.#grow(this.count, true);
  }

  /** The per-form columns by name, as a snapshot keeps them. */
  #columns(): [string, Sized][] {
    return [
      ['visualOffset', this.visualOffset],
      ['visualLength', this.visualLength],
      ['latinLength', this.#latinLength],
      ['exactLength', this.#exactLength],
      ['nameLength', this.#nameLength],
      ['lookalikeLength', this.#lookalikeLength],
      ['fromHan', this.#fromHan],
      ['flags', this.#flags],
    ];
  }

  #grow(count: number, exact = false): void {
    const size = <T extends Sized>(array: T): T => resize(array, count, exact);
    this.visualOffset = size(this.visualOffset);
    this.visualLength = size(this.visualLength);
    this.#latinLength = size(this.#latinLength);
    this.#exactLength = size(this.#exactLength);
    this.#nameLength = size(this.#nameLength);
    this.#lookalikeLength = size(this.#lookalikeLength);
    this.#fromHan = size(this.#fromHan);
    this.#flags = size(this.#flags);
  }
}
