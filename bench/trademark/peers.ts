import Fuse from 'fuse.js';
import MiniSearch from 'minisearch';
import pg from 'pg';

export interface PeerDoc {
  readonly id: number;
  readonly name: string;
}

/** A search library measured against the engine on the same marks and queries. */
export interface Peer {
  readonly name: string;
  /** What the peer was configured with, for the report. */
  readonly settings: string;
  build(docs: readonly PeerDoc[]): Promise<void>;
  /** Ids of the ten best matches. */
  search(text: string): Promise<number[]>;
  close(): Promise<void>;
}

export function fusePeer(): Peer {
  let fuse: Fuse<PeerDoc> | null = null;
  return {
    name: 'fuse.js',
    settings: 'threshold 0.3, key name',
    async build(docs) {
      fuse = new Fuse(docs, { keys: ['name'], threshold: 0.3 });
    },
    async search(text) {
      return (fuse?.search(text, { limit: 10 }) ?? []).map((result) => result.item.id);
    },
    async close() {
      fuse = null;
    },
  };
}

export function miniSearchPeer(): Peer {
  let index: MiniSearch<PeerDoc> | null = null;
  return {
    name: 'minisearch',
    settings: 'fuzzy 0.2, prefix',
    async build(docs) {
      index = new MiniSearch<PeerDoc>({ fields: ['name'], searchOptions: { fuzzy: 0.2, prefix: true } });
      index.addAll(docs);
    },
    async search(text) {
      return (index?.search(text) ?? []).slice(0, 10).map((result) => Number(result.id));
    },
    async close() {
      index = null;
    },
  };
}

const BATCH = 20_000;

/**
 * PostgreSQL `pg_trgm`: names in a table of their own in a temporary schema, a GIN trigram index, and
 * `name % $1 ORDER BY similarity DESC LIMIT 10` at the default similarity threshold of 0.3. The schema is dropped on
 * close.
 */
export function pgTrgmPeer(connectionString: string): Peer {
  const client = new pg.Client({ connectionString });
  const schema = `bench_trademark_${process.pid}`;
  let connected = false;
  return {
    name: 'pg_trgm',
    settings: 'GIN gin_trgm_ops, similarity threshold 0.3',
    async build(docs) {
      await client.connect();
      connected = true;
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await client.query(`CREATE SCHEMA ${schema}`);
      await client.query(`CREATE TABLE ${schema}.marks (id integer PRIMARY KEY, name text NOT NULL)`);
      for (let start = 0; start < docs.length; start += BATCH) {
        const batch = docs.slice(start, start + BATCH);
        await client.query(
          `INSERT INTO ${schema}.marks (id, name) SELECT * FROM unnest($1::integer[], $2::text[])`,
          [batch.map((doc) => doc.id), batch.map((doc) => doc.name)],
        );
      }
      await client.query(`CREATE INDEX ON ${schema}.marks USING gin (name gin_trgm_ops)`);
      await client.query(`ANALYZE ${schema}.marks`);
    },
    async search(text) {
      const result = await client.query<{ id: number }>(
        `SELECT id FROM ${schema}.marks WHERE name % $1 ORDER BY similarity(name, $1) DESC, id LIMIT 10`,
        [text],
      );
      return result.rows.map((row) => row.id);
    },
    async close() {
      if (!connected) return;
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}
