/**
 * The serial numbers 0 … size − 1 handed out at most once each. A wanted serial that is already taken gives way to
 * the next free one after it (wrapping round), found in near-constant time: every taken serial points towards the
 * next free one, and lookups shorten the paths they walk.
 */
export class SerialSpace {
  private readonly nextCandidate = new Map<number, number>();

  constructor(readonly size: number) {}

  get taken(): number {
    return this.nextCandidate.size;
  }

  /** The wanted serial, or the next free one after it; undefined once every serial is taken. */
  claim(wanted: number): number | undefined {
    if (this.nextCandidate.size >= this.size) return undefined;
    const free = this.freeFrom(wanted % this.size);
    this.nextCandidate.set(free, (free + 1) % this.size);
    return free;
  }

  private freeFrom(start: number): number {
    let free = start;
    for (let next = this.nextCandidate.get(free); next !== undefined; next = this.nextCandidate.get(free)) {
      free = next;
    }
    // Path compression: everything walked now points straight at the free serial.
    for (let node = start; node !== free; ) {
      const next = this.nextCandidate.get(node) as number;
      this.nextCandidate.set(node, free);
      node = next;
    }
    return free;
  }
}
