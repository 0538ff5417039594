import type { NameAnalysis, NameReading } from './analyze.ts';
import { CharPool, resize, type Sized } from './growable.ts';
import { soundKeys } from './phonetic.ts';
import { singular } from './plural.ts';
import type { Sound } from './transliteration.ts';

const LATIN = 0;
const HAN = 1;
const HAN_FOR_MEANING = 2;

/**
 * Distinct names and what was derived from them, kept in typed columns: a "form" is one distinct name string, shared
 * by every mark that bears it (the same mark filed in ten markets is analysed once). Strings live in one char pool,
 * so a million forms cost a handful of large arrays rather than millions of objects; the few forms a search compares
 * in full get their analysis back with `analysis`.
 */
export class FormStore {
  readonly #byName = new Map<string, number>();
  readonly chars = new CharPool();
  count = 0;

  #latinOffset = new Uint32Array(1024);
  #latinLength = new Uint16Array(1024);
  /** Chinese-character forms keep their characters apart; for the others `exact` is `latin`. */
  #exactOffset = new Uint32Array(1024);
  #exactLength = new Uint16Array(1024);
  visualOffset = new Uint32Array(1024);
  visualLength = new Uint16Array(1024);
  #lookalikeOffset = new Uint32Array(1024);
  #lookalikeLength = new Uint16Array(1024);
  /** Words joined by spaces. */
  #wordsOffset = new Uint32Array(1024);
  #wordsLength = new Uint16Array(1024);
  /** Bit i: word i was read from a Chinese character (words past the 32nd count as not). */
  #fromHan = new Uint32Array(1024);
  /** `LATIN`, `HAN`, or `HAN_FOR_MEANING` for a Chinese name written for its meaning. */
  #script = new Uint8Array(1024);
  /** A form's transliteration sounds as sound numbers in `chars`; none (length 0) for a name that cannot be one. */
  #soundsOffset = new Uint32Array(1024);
  #soundsLength = new Uint16Array(1024);

  /** The form of `name`, or -1 when it has not been stored. */
  find(name: string): number {
    return this.#byName.get(name) ?? -1;
  }

  /**
   * Stores the analysis of a name not stored yet, with its transliteration sounds (`transliterationSounds`) and, for a
   * Chinese name, whether it is written for its meaning (`readsAsTransliteration` false), and returns its form.
   */
  store(name: string, a: NameAnalysis, sounds?: readonly Sound[], writtenForMeaning = false): number {
    const form = this.count++;
    if (form >= this.#latinOffset.length) this.#grow(form + 1);
    this.#byName.set(name, form);
    const latinOffset = this.chars.append(a.latin);
    this.#latinOffset[form] = latinOffset;
    this.#latinLength[form] = a.latin.length;
    this.#exactOffset[form] = a.hasHan ? this.chars.append(a.exact) : latinOffset;
    this.#exactLength[form] = a.exact.length;
    this.visualOffset[form] = a.visual === a.latin ? latinOffset : this.chars.append(a.visual);
    this.visualLength[form] = a.visual.length;
    this.#lookalikeOffset[form] =
      a.lookalike === a.visual ? (this.visualOffset[form] as number) : this.chars.append(a.lookalike);
    this.#lookalikeLength[form] = a.lookalike.length;
    const words = a.words.join(' ');
    this.#wordsOffset[form] = this.chars.append(words);
    this.#wordsLength[form] = words.length;
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
    const wordsText = chars.read(this.#wordsOffset[form] as number, this.#wordsLength[form] as number);
    const words = wordsText.length === 0 ? [] : wordsText.split(' ');
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
    const columns = [
      this.#latinOffset,
      this.#latinLength,
      this.#exactOffset,
      this.#exactLength,
      this.visualOffset,
      this.visualLength,
      this.#lookalikeOffset,
      this.#lookalikeLength,
      this.#wordsOffset,
      this.#wordsLength,
      this.#fromHan,
      this.#script,
      this.#soundsOffset,
      this.#soundsLength,
    ];
    return columns.reduce((sum, column) => sum + column.byteLength, this.chars.data.byteLength);
  }

  /** Gives back the spare capacity of every column and of the char pool, after a bulk load. */
  trim(): void {
    this.chars.trim();
    this.#grow(this.count, true);
  }

  #grow(count: number, exact = false): void {
    const size = <T extends Sized>(array: T): T => resize(array, count, exact);
    this.#latinOffset = size(this.#latinOffset);
    this.#latinLength = size(this.#latinLength);
    this.#exactOffset = size(this.#exactOffset);
    this.#exactLength = size(this.#exactLength);
    this.visualOffset = size(this.visualOffset);
    this.visualLength = size(this.visualLength);
    this.#lookalikeOffset = size(this.#lookalikeOffset);
    this.#lookalikeLength = size(this.#lookalikeLength);
    this.#wordsOffset = size(this.#wordsOffset);
    this.#wordsLength = size(this.#wordsLength);
    this.#fromHan = size(this.#fromHan);
    this.#script = size(this.#script);
    this.#soundsOffset = size(this.#soundsOffset);
    this.#soundsLength = size(this.#soundsLength);
  }
}
