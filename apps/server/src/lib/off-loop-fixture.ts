/** Functions for off-loop.test.ts to run on the worker thread. */

/** Keeps its thread busy for `ms` milliseconds, then answers how many rounds it spun and the bytes it was given. */
export function spin(ms: number, bytes: Uint8Array): { rounds: number; length: number } {
  const until = Date.now() + ms;
  let rounds = 0;
  while (Date.now() < until) rounds++;
  return { rounds, length: bytes.length };
}

export async function fail(message: string): Promise<never> {
  throw new RangeError(message);
}
