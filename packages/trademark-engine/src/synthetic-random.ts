/** A source of numbers in [0, 1), such as `mulberry32`. */
export type Random = () => number;

export function pick<T>(items: readonly T[], random: Random): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** A picker that maps a number in [0, 1) to an entry, each as often as its weight. */
export function weighted<T>(entries: ReadonlyArray<readonly [T, number]>): (r: number) => T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  const cumulative: number[] = [];
  let running = 0;
  for (const [, weight] of entries) {
    running += weight / total;
    cumulative.push(running);
  }
  return (r) => {
    for (let i = 0; i < cumulative.length; i++)
      if (r < (cumulative[i] as number)) return (entries[i] as readonly [T, number])[0];
    return (entries[entries.length - 1] as readonly [T, number])[0];
  };
}
