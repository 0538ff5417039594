import type { SnapshotReader, SnapshotWriter } from './snapshot-file.ts';

/** Gives each distinct string a small dense id (from 0), so marks refer to shared strings by number. */
export class StringInterner {
  readonly #ids = new Map<string, number>();
  readonly #strings: string[] = [];

  intern(text: string): number {
    let id = this.#ids.get(text);
    if (id === undefined) {
      id = this.#strings.length;
      this.#ids.set(text, id);
      this.#strings.push(text);
    }
    return id;
  }

  /** The id of `text`, or -1 when it was never interned. */
  find(text: string): number {
    return this.#ids.get(text) ?? -1;
  }

  get(id: number): string {
    const text = this.#strings[id];
    if (text === undefined) throw new RangeError(`no interned string ${id}`);
    return text;
  }

  get size(): number {
    return this.#strings.length;
  }

  save(out: SnapshotWriter, name: string): void {
    out.value(name, this.#strings);
  }

  /** Interns the saved strings in order into this empty interner, so each gets its saved id. */
  restore(from: SnapshotReader, name: string): void {
    for (const text of from.strings(name)) this.intern(text);
  }
}
