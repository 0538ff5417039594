export interface BenchOptions {
  /** Synthetic marks to index. */
  readonly count: number;
  /** Every size to run, one after the other (`--count 1000000,5000000`); `count` is the first. */
  readonly counts: readonly number[];
  /** Queries in the mix (at least the relevance set plus synthetic ones). */
  readonly queries: number;
  /** Queries Fuse.js runs; it scans every mark per query, so at a million marks it gets a sample. */
  readonly fuseQueries: number;
  readonly seed: number;
  /** Peers to run: fuse, minisearch, pg_trgm. */
  readonly peers: readonly string[];
  /** Whether to run the PostgreSQL mode next to the in-memory one (`--modes memory,postgres`, needs a database). */
  readonly postgresMode: boolean;
}

const ALL_PEERS = ['fuse', 'minisearch', 'pg_trgm'];

/**
 * Reads `--count 1000000 --queries 600 --fuse-queries 40 --seed 7 --peers fuse,minisearch --modes memory,postgres`;
 * `--count` may list sizes (`1000000,5000000,10000000`), `--peers none` runs no peer, and `--modes memory` leaves
 * out the PostgreSQL mode.
 */
export function parseBenchArgs(args: readonly string[]): BenchOptions {
  const value = (name: string): string | undefined => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const number = (name: string, fallback: number): number => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const parsed = Number(raw.replace(/_/g, ''));
    if (!Number.isFinite(parsed) || parsed < 0)
      throw new RangeError(`--${name} must be a non-negative number`);
    return Math.floor(parsed);
  };
  const counts = (value('count') ?? '1000000').split(',').map((raw) => {
    const parsed = Number(raw.trim().replace(/_/g, ''));
    if (!Number.isSafeInteger(parsed) || parsed < 1)
      throw new RangeError('--count must list positive whole numbers');
    return parsed;
  });
  const count = counts[0] as number;
  // `--peers none` runs the engine alone (at ten million marks a peer may not fit beside it).
  const peers =
    value('peers') === 'none'
      ? []
      : (value('peers')
          ?.split(',')
          .map((peer) => peer.trim()) ?? ALL_PEERS);
  for (const peer of peers) if (!ALL_PEERS.includes(peer)) throw new RangeError(`unknown peer ${peer}`);
  const modes = (value('modes') ?? 'memory,postgres').split(',').map((mode) => mode.trim());
  for (const mode of modes)
    if (mode !== 'memory' && mode !== 'postgres') throw new RangeError(`unknown mode ${mode}`);
  if (!modes.includes('memory')) throw new RangeError('--modes must include memory (the reference)');
  return {
    count,
    counts,
    queries: number('queries', 600),
    // Fuse.js takes seconds per query at a million marks: a sample keeps the run in minutes.
    fuseQueries: number('fuse-queries', count >= 200_000 ? 40 : 600),
    seed: number('seed', 20_240_601),
    peers,
    postgresMode: modes.includes('postgres'),
  };
}
