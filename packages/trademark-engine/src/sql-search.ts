import { analyzeName, type NameAnalysis, readName } from './analyze.ts';
import { descriptiveWordsFor } from './descriptive.ts';
import { TrademarkIndex } from './engine.ts';
import { type EstablishedNames, establishedNames } from './established-names.ts';
import { forEachNameTerm } from './name-terms.ts';
import { PinyinCache } from './pinyin.ts';
import { HIGH_RISK_SCORE, SCORE_FLOOR } from './score.ts';
import { snapshotFingerprint } from './snapshot-file.ts';
import {
  candidateQuery,
  marksQuery,
  nearKeys,
  queryTerms,
  similarityFloor,
  termText,
  wordSet,
} from './sql-candidates.ts';
import type { SqlClient } from './sql-client.ts';
import { SqlSoundCodes } from './sql-sounds.ts';
import {
  type Sound,
  transliterationScore,
  transliterationScoreOfSounds,
  transliterationSounds,
  writtenForMeaning,
} from './transliteration.ts';
import {
  MARK_STATUSES,
  type MarkRecord,
  type MarkStatus,
  type SearchQuery,
  type SearchResult,
} from './types.ts';

export interface SqlSearchOptions {
  /** Table of the keys (default `trademark_search_keys`); its partitions are named after it. */
  readonly table?: string;
  readonly scoreFloor?: number;
  /**
   * The score from which a name only its spelling or only its transliteration brings within reach is read (default
   * 60, high risk, as the in-memory index's `singleSignalFloor`, which the ranking index gets too, so both answer
   * alike). Up to it, one edit in names of up to twelve letters and two in longer ones are found by exact near keys
   * (`nearKeys`); at 50, two edits from nine letters on leave most queries to pg_trgm, whose recheck of every name
   * sharing a few trigrams made p95 258 ms at a million marks.
   */
  readonly singleSignalFloor?: number;
  readonly pinyin?: PinyinCache;
  /** Brands' established names in both scripts; the shipped list (`establishedNames`) by default, null for none. */
  readonly established?: EstablishedNames | null;
  /** Clock for the cache of frequent words (tests). */
  readonly now?: () => number;
}

/** What the table says of one mark; `name` to `designations` make its `MarkRecord` again. */
interface CandidateRow {
  readonly mark_id: string | number;
  readonly name: string;
  readonly dataset: string;
  readonly status: string;
  /** JSON arrays of numbers and of codes (`CANDIDATE_COLUMNS` in `sql-candidates.ts`). */
  readonly classes: string;
  readonly designations: string;
  /**
   * Read by a transliteration skeleton (a mark read by another branch too comes once more, without). Such a row holds
   * only the register, number, name and stored sounds (`SqlSoundCodes`); status, classes and designations are null
   * until the mark is kept and read.
   */
  readonly by_skeleton: boolean;
  readonly sounds: Buffer | null;
}

const DEFAULT_TABLE = 'trademark_search_keys';
/** Points under the floor a rendering may score and still be ranked (the ranking compares it exactly). */
const RENDERING_MARGIN = 0.5;
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,40}$/;
const DATASET = /^[A-Z]{2,3}$/;
const BATCH = 5_000;
const MAX_QUERY_LENGTH = 200;
// As in the in-memory index (`term-index.ts`): a word in more than this share of the names is frequent.
const COMMON_WORD_SHARE = 0.005;
const COMMON_WORD_MINIMUM = 200;
/** How long the list of frequent words is trusted before it is counted again. */
const COMMON_WORDS_TTL_MS = 10 * 60_000;
/**
 * The trademark engine's PostgreSQL candidate mode, for several stateless processes sharing one database: each
 * mark's keys (the folded form for pg_trgm, and the word units, sound keys, whole-name keys and transliteration
 * skeletons of the in-memory index as text arrays) are rows of a table partitioned by register, under GIN indexes.
 * A search reads the marks that may reach the score floor (sharing enough trigrams, a distinctive word, a key or a
 * skeleton) from the registers it is for, and ranks them with the in-memory engine, so scores and order are those of
 * the in-memory index over the same marks.
 */
export class SqlMarkSearch {
  readonly table: string;
  readonly scoreFloor: number;
  readonly singleSignalFloor: number;
  readonly pinyin: PinyinCache;
  readonly #client: SqlClient;
  readonly #sounds: SqlSoundCodes;
  readonly #now: () => number;
  readonly #established: EstablishedNames | null;
  readonly #partitions = new Set<string>();
  #commonWords: { readonly words: ReadonlySet<string>; readonly at: number } | undefined;
  /** What the last search did, for the benchmark: marks read from the table, and milliseconds reading and ranking. */
  readonly lastSearch = { candidates: 0, readMs: 0, rankMs: 0 };

  constructor(client: SqlClient, options: SqlSearchOptions = {}) {
    this.table = options.table ?? DEFAULT_TABLE;
    if (!IDENTIFIER.test(this.table)) throw new Error(`not a table name: ${this.table}`);
    this.scoreFloor = options.scoreFloor ?? SCORE_FLOOR;
    this.singleSignalFloor = Math.max(this.scoreFloor, options.singleSignalFloor ?? HIGH_RISK_SCORE);
    this.pinyin = options.pinyin ?? new PinyinCache();
    this.#client = client;
    this.#sounds = new SqlSoundCodes(client, this.table);
    this.#now = options.now ?? Date.now;
    this.#established = options.established === undefined ? establishedNames() : options.established;
  }

  /**
   * Creates the table and its indexes when missing; answers false when it held keys of another engine version, which
   * are dropped with the table (the caller then writes every mark again).
   */
  async prepare(): Promise<boolean> {
    const t = this.table;
    await this.#client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await this.#client.query('CREATE EXTENSION IF NOT EXISTS fuzzystrmatch');
    await this.#client.query(`CREATE TABLE IF NOT EXISTS ${t}_version (fingerprint text NOT NULL)`);
    const rows = await this.#client.query<{ fingerprint: string }>(`SELECT fingerprint FROM ${t}_version`);
    const stale = rows.length > 0 && rows[0]?.fingerprint !== snapshotFingerprint();
    if (rows.length === 0 || stale) {
      // Another engine may have laid the table out otherwise: it goes, with its partitions.
      await this.#client.query(`DROP TABLE IF EXISTS ${t} CASCADE`);
      await this.#sounds.drop();
      await this.#client.query(`DELETE FROM ${t}_version`);
      await this.#client.query(`INSERT INTO ${t}_version (fingerprint) VALUES ($1)`, [snapshotFingerprint()]);
      this.#partitions.clear();
      this.#commonWords = undefined;
    }
    await this.#client.query(
      `CREATE TABLE IF NOT EXISTS ${t} (
        dataset varchar(3) NOT NULL,
        mark_id bigint NOT NULL,
        name text NOT NULL,
        status varchar(10) NOT NULL,
        classes smallint[] NOT NULL,
        designations text[] NOT NULL,
        visual text NOT NULL,
        words text[] NOT NULL,
        word_set text NOT NULL,
        keys text[] NOT NULL,
        near text[] NOT NULL,
        sounds bytea,
        PRIMARY KEY (dataset, mark_id)
      ) PARTITION BY LIST (dataset)`,
    );
    await this.#sounds.prepare();
    await this.#client.query(`CREATE TABLE IF NOT EXISTS ${t}_other PARTITION OF ${t} DEFAULT`);
    await this.#client.query(`CREATE INDEX IF NOT EXISTS ${t}_id_idx ON ${t} (mark_id)`);
    await this.#client.query(
      `CREATE INDEX IF NOT EXISTS ${t}_visual_idx ON ${t} USING gin (visual gin_trgm_ops)`,
    );
    await this.#client.query(`CREATE INDEX IF NOT EXISTS ${t}_words_idx ON ${t} USING gin (words)`);
    await this.#client.query(`CREATE INDEX IF NOT EXISTS ${t}_word_set_idx ON ${t} (word_set)`);
    await this.#client.query(`CREATE INDEX IF NOT EXISTS ${t}_keys_idx ON ${t} USING gin (keys)`);
    await this.#client.query(`CREATE INDEX IF NOT EXISTS ${t}_near_idx ON ${t} USING gin (near)`);
    // Names the query begins, as a range of byte order.
    await this.#client.query(`CREATE INDEX IF NOT EXISTS ${t}_prefix_idx ON ${t} (visual COLLATE "C")`);
    const partitions = await this.#client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = $1`,
      [t],
    );
    for (const { name } of partitions) this.#partitions.add(name);
    return !stale;
  }

  /** Empties the table. */
  async clear(): Promise<void> {
    await this.#client.query(`TRUNCATE ${this.table}`);
    this.#commonWords = undefined;
  }

  /** Writes the keys of `records`, replacing those of marks with the same id. */
  async upsert(records: readonly MarkRecord[]): Promise<void> {
    for (let start = 0; start < records.length; start += BATCH) {
      const batch = records.slice(start, start + BATCH);
      await this.#ensurePartitions(batch);
      const analysed = batch.map((record) => {
        const a = analyzeName(record.name, this.pinyin);
        return { record, a, sounds: transliterationSounds(a) };
      });
      await this.#sounds.register(analysed.map((item) => item.sounds));
      await this.#client.query(`DELETE FROM ${this.table} WHERE mark_id = ANY($1::bigint[])`, [
        batch.map((record) => record.id),
      ]);
      // Arrays of arrays cannot be unnested row by row, so the text arrays travel as JSON.
      await this.#client.query(
        `INSERT INTO ${this.table} (dataset, mark_id, name, status, classes, designations, visual, words, word_set,
           keys, near, sounds)
         SELECT r.dataset, r.mark_id, r.name, r.status,
           ARRAY(SELECT jsonb_array_elements_text(r.classes)::smallint),
           ARRAY(SELECT jsonb_array_elements_text(r.designations)),
           r.visual,
           ARRAY(SELECT jsonb_array_elements_text(r.words)),
           r.word_set,
           ARRAY(SELECT jsonb_array_elements_text(r.keys)),
           ARRAY(SELECT jsonb_array_elements_text(r.near)),
           decode(r.sounds, 'hex')
         FROM jsonb_to_recordset($1::jsonb) AS r(dataset text, mark_id bigint, name text, status text,
           classes jsonb, designations jsonb, visual text, words jsonb, word_set text, keys jsonb, near jsonb,
           sounds text)`,
        [JSON.stringify(analysed.map(({ record, a, sounds }) => this.#rowOf(record, a, sounds)))],
      );
    }
  }

  /**
   * Merges the GIN indexes' pending entries and refreshes the planner's statistics, after many rows were written:
   * until then each search reads the pending entries one by one (a search took 3.6 times as long after a bulk fill).
   */
  async optimize(): Promise<void> {
    await this.#client.query(`VACUUM (ANALYZE) ${this.table}`);
  }

  /** Bytes the keys table and its indexes take, over all partitions. */
  async bytes(): Promise<number> {
    const rows = await this.#client.query<{ bytes: string | number | null }>(
      `SELECT sum(pg_total_relation_size(inhrelid)) AS bytes FROM pg_inherits WHERE inhparent = $1::regclass`,
      [this.table],
    );
    return Number(rows[0]?.bytes ?? 0);
  }

  /** Removes the keys of these marks; answers how many it held. */
  async remove(ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await this.#client.query<{ removed: number }>(
      `WITH gone AS (DELETE FROM ${this.table} WHERE mark_id = ANY($1::bigint[]) RETURNING 1)
       SELECT count(*)::integer AS removed FROM gone`,
      [ids],
    );
    return rows[0]?.removed ?? 0;
  }

  /** The same answer as `TrademarkIndex.search` over the same marks. */
  async search(query: SearchQuery): Promise<SearchResult> {
    const common = await this.commonWords();
    const isCommonStem = (unit: string): boolean => common.has(unit);
    const q = analyzeName(query.text.slice(0, MAX_QUERY_LENGTH), this.pinyin);
    const started = performance.now();
    const records = q.visual.length === 0 ? [] : await this.#candidates(q, query, isCommonStem);
    const read = performance.now();
    const index = new TrademarkIndex({
      scoreFloor: this.scoreFloor,
      singleSignalFloor: this.singleSignalFloor,
      pinyin: this.pinyin,
      isCommonStem,
      established: this.#established,
    });
    index.add(records);
    const result = index.search(query);
    this.lastSearch.candidates = records.length;
    this.lastSearch.readMs = read - started;
    this.lastSearch.rankMs = performance.now() - read;
    return result;
  }

  /**
   * Word units in more than 0.5% of the distinct names (at least 200), as the in-memory index counts them: counted
   * over the whole table, then trusted for ten minutes.
   */
  async commonWords(): Promise<ReadonlySet<string>> {
    const cached = this.#commonWords;
    if (cached !== undefined && this.#now() - cached.at < COMMON_WORDS_TTL_MS) return cached.words;
    const rows = await this.#client.query<{ word: string }>(
      `WITH names AS (SELECT DISTINCT ON (name) words FROM ${this.table}),
        total AS (SELECT count(*) AS n FROM names)
       SELECT substr(word, 3) AS word FROM names, unnest(words) AS word GROUP BY word
       HAVING count(*) > greatest($1::float8, (SELECT n FROM total) * $2::float8)`,
      [COMMON_WORD_MINIMUM, COMMON_WORD_SHARE],
    );
    const words = new Set(rows.map((row) => row.word));
    this.#commonWords = { words, at: this.#now() };
    return words;
  }

  async #candidates(
    q: NameAnalysis,
    query: SearchQuery,
    isCommonStem: (unit: string) => boolean,
  ): Promise<MarkRecord[]> {
    const terms = queryTerms(
      q,
      { descriptive: descriptiveWordsFor(query.classes), isCommon: isCommonStem },
      this.#established,
    );
    const { text, params, shape } = candidateQuery(
      this.table,
      this.singleSignalFloor,
      q.visual,
      terms,
      query.datasets,
    );
    const rows = await this.#client.session(async (run) => {
      // The trigram threshold for `%`, one plan for every query (the registers are parameters), and no JIT: the
      // generic plan's cost estimate passes its threshold, and compiling took 0.55 s of a 15 ms search.
      await run(
        "SELECT set_limit($1), set_config('plan_cache_mode', 'force_generic_plan', false), set_config('jit', 'off', false)",
        [similarityFloor(this.singleSignalFloor, q.visual.length)],
      );
      return run<CandidateRow>(text, params, `${this.table}_candidates_${shape}`);
    });
    // A mark comes once per branch that found it: once is enough.
    const found = new Map<string, CandidateRow>();
    for (const row of rows) if (!row.by_skeleton) found.set(markKey(row), row);
    const rendered = await this.#closeRenderings(q, rows, found);
    if (rendered.size > 0) {
      const ids = [...rendered.values()].map((row) => row.mark_id);
      for (const row of await this.#client.query<CandidateRow>(marksQuery(this.table), [ids])) {
        const key = markKey(row);
        if (rendered.has(key)) found.set(key, row);
      }
    }
    // In the order of the marks' numbers, as the in-memory index lists them: ties on score keep that order.
    return [...found.values()].sort((a, b) => Number(a.mark_id) - Number(b.mark_id)).map(toRecord);
  }

  /**
   * Of the marks only a transliteration skeleton reached (not in `found`), those whose rendering scores at least the
   * single-signal floor, by `markKey`. A short Chinese name's skeletons list thousands of Latin names (乔丹: 18,277 at
   * a million marks), of which a few hundred reach 50 and fewer 60, and ranking every one in an index built for the
   * search took 0.35 s. Such a mark shares no key, word or spelling within reach with the query, so its
   * transliteration is its score, read from that floor (`TrademarkIndex` compares it so too); half a point of margin
   * leaves the exact comparison to the ranking. Each name is scored from its stored sounds, or read from its text
   * where it has none.
   */
  async #closeRenderings(
    q: NameAnalysis,
    rows: readonly CandidateRow[],
    found: ReadonlyMap<string, CandidateRow>,
  ): Promise<Map<string, CandidateRow>> {
    const floor = this.singleSignalFloor - RENDERING_MARGIN;
    const reached = new Map<string, CandidateRow[]>();
    for (const row of rows) {
      if (!row.by_skeleton || found.has(markKey(row))) continue;
      const same = reached.get(row.name);
      if (same === undefined) reached.set(row.name, [row]);
      else same.push(row);
    }
    const named = [...reached.values()];
    const sounds = await this.#sounds.decode(named.map((same) => (same[0] as CandidateRow).sounds));
    const kept = new Map<string, CandidateRow>();
    named.forEach((same, i) => {
      const stored = sounds[i];
      const score =
        stored === undefined
          ? transliterationScore(q, readName((same[0] as CandidateRow).name, this.pinyin), floor)
          : transliterationScoreOfSounds(q, stored.numbers, stored.hasHan, floor, stored.writtenForMeaning);
      if (score >= floor) for (const row of same) kept.set(markKey(row), row);
    });
    return kept;
  }

  /**
   * Creates the partition of each register in `records` before its first row is written (a row of a register without
   * one would land in the default partition and keep the partition from being created later). Registers are codes
   * of two or three capital letters; anything else stays in the default partition.
   */
  async #ensurePartitions(records: readonly MarkRecord[]): Promise<void> {
    for (const dataset of new Set(records.map((record) => record.dataset))) {
      if (!DATASET.test(dataset)) continue;
      const name = `${this.table}_${dataset.toLowerCase()}`;
      if (this.#partitions.has(name)) continue;
      await this.#client.query(
        `CREATE TABLE IF NOT EXISTS ${name} PARTITION OF ${this.table} FOR VALUES IN ('${dataset}')`,
      );
      this.#partitions.add(name);
    }
  }

  /** A mark's row as `upsert` sends it (the table's column names). */
  #rowOf(record: MarkRecord, a: NameAnalysis, sounds: readonly Sound[] | undefined): Record<string, unknown> {
    const words: string[] = [];
    const keys: string[] = [];
    forEachNameTerm(a, (kind, text) => {
      const list = kind === 'word' ? words : keys;
      const term = termText(kind, text);
      if (!list.includes(term)) list.push(term);
    });
    return {
      dataset: record.dataset,
      mark_id: record.id,
      name: record.name,
      status: record.status,
      classes: record.niceClass,
      designations: record.designations ?? [],
      visual: a.visual,
      words,
      word_set: wordSet(words),
      keys,
      near: nearKeys(a.visual),
      sounds: this.#sounds.encode(sounds, a.hasHan, writtenForMeaning(a)),
    };
  }
}

/** A mark's row identity: its register and number (the table's primary key). */
function markKey(row: CandidateRow): string {
  return `${row.dataset}:${row.mark_id}`;
}

function toRecord(row: CandidateRow): MarkRecord {
  const status = (MARK_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as MarkStatus)
    : 'unknown';
  return {
    id: Number(row.mark_id),
    name: row.name,
    dataset: row.dataset,
    niceClass: JSON.parse(row.classes) as number[],
    status,
    designations: JSON.parse(row.designations) as string[],
  };
}
