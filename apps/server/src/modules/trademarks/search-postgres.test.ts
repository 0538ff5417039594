import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TrademarkImportRecord } from '@kxt/contracts/trademarks';
import { analyzeName } from '@kxt/trademark-engine/analyze';
import { generateMarks } from '@kxt/trademark-engine/generate-marks';
import { PinyinCache } from '@kxt/trademark-engine/pinyin';
import { parseRelevanceSet } from '@kxt/trademark-engine/relevance-set';
import { HIGH_RISK_SCORE } from '@kxt/trademark-engine/score';
import { snapshotFingerprint } from '@kxt/trademark-engine/snapshot-file';
import { queryNearKeys } from '@kxt/trademark-engine/sql-candidates';
import {
  type Sound,
  soundCode,
  soundDefinition,
  transliterationSounds,
} from '@kxt/trademark-engine/transliteration';
import { readTransliterationSet } from '@kxt/trademark-engine/transliteration-set';
import type { MarkRecord, SearchQuery, SearchResult } from '@kxt/trademark-engine/types';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestApp, createTestDatabase, testDialect } from '../../test/test-app.ts';
import { deleteMarks, upsertMarks } from './repository.ts';
import { MarkIndexService } from './search-index.ts';
import { PostgresMarkSearch } from './search-postgres.ts';
import { markRecord } from './test-marks.ts';

const RELEVANCE = parseRelevanceSet(
  JSON.parse(
    readFileSync(
      fileURLToPath(
        new URL('../../../../../packages/trademark-engine/relevance/relevance.json', import.meta.url),
      ),
      'utf8',
    ),
  ),
);

let dir: string;
let database: Database;
let openPool: pg.Pool | undefined;
const services: PostgresMarkSearch[] = [];
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kxt-pg-search-'));
  if (testDialect() === 'postgres') database = await createTestDatabase(dir);
});
afterEach(async () => {
  for (const service of services.splice(0)) await service.stop();
  await openPool?.end();
  openPool = undefined;
  if (testDialect() === 'postgres') await database.close();
  await rm(dir, { recursive: true, force: true });
});

function postgresSearch(): PostgresMarkSearch {
  const service = new PostgresMarkSearch(database.db, { url: database.url ?? '', schema: database.schema });
  services.push(service);
  return service;
}

const asImport = (mark: MarkRecord, number: string): TrademarkImportRecord =>
  markRecord(mark.name, {
    applicationNumber: number,
    dataset: mark.dataset,
    niceClass: [...mark.niceClass],
    status: mark.status,
    ...(mark.designations?.length ? { designations: [...mark.designations] } : {}),
  });

/** A small register: generated marks of every kind, and the relevance set's expected marks and decoys. */
async function fillRegister(): Promise<void> {
  const generated = generateMarks({ count: 2_000, seed: 7 });
  const names = [
    ...RELEVANCE.pairs.map((pair) => pair.expected),
    ...RELEVANCE.decoys.map((decoy) => decoy.decoy),
  ];
  const relevance = names.map((name, i) =>
    markRecord(name, {
      applicationNumber: `REL-${i}`,
      dataset: i % 2 === 0 ? 'US' : 'CN',
      niceClass: [9 + (i % 3)],
    }),
  );
  await upsertMarks(database.db, [...generated.map((mark, i) => asImport(mark, `GEN-${i}`)), ...relevance]);
}

/** A made-up word per number, so the names differ in more than a digit. */
const syllables = (n: number): string => {
  const part = (list: readonly string[], i: number): string => list[i % list.length] as string;
  return (
    part(['KA', 'LO', 'MI', 'NU', 'PE', 'RA', 'SO', 'TI'], n) +
    part(['BEL', 'DOR', 'FIN', 'GAT', 'HUM', 'JEX', 'KOR', 'LUP'], Math.floor(n / 8)) +
    part(['AN', 'ER', 'IS', 'OT', 'UM'], Math.floor(n / 64))
  );
};

const top = (result: SearchResult, from = 0) =>
  result.matches.filter((match) => match.score >= from).map((match) => `${match.id}:${match.score}`);

/** The queries (a text searches its first page) whose page, total or class statistics differ between the modes. */
async function answeredOtherwise(
  memory: MarkIndexService,
  postgres: PostgresMarkSearch,
  queries: readonly (string | SearchQuery)[],
): Promise<string[]> {
  const differing: string[] = [];
  for (const asked of queries) {
    const query = typeof asked === 'string' ? { text: asked, limit: 10 } : asked;
    const [expected, actual] = [await memory.search(query), await postgres.search(query)];
    const same =
      top(expected).join() === top(actual).join() &&
      expected.total === actual.total &&
      JSON.stringify(expected.classStatistics) === JSON.stringify(actual.classStatistics);
    if (!same) differing.push(query.text);
  }
  return differing;
}

describe.skipIf(testDialect() !== 'postgres')(
  'trademark search in PostgreSQL (TRADEMARK_INDEX=postgres)',
  () => {
    it('answers every relevance query as the in-memory index does: the same marks, scores, order and totals', async () => {
      await fillRegister();
      const memory = new MarkIndexService(database.db);
      // Both read names only their spelling brings near the query from high risk up (`singleSignalFloor`).
      const postgres = postgresSearch();
      await Promise.all([memory.ready(), postgres.ready()]);
      const queries: SearchQuery[] = RELEVANCE.pairs.flatMap((pair, i) => [
        { text: pair.query, limit: 10 },
        // Within registers, classes and statuses too: the filters are the in-memory engine's.
        { text: pair.query, limit: 10, datasets: i % 2 === 0 ? ['CN', 'WO'] : ['US'], classes: [9, 10] },
      ]);
      expect(queries.length).toBeGreaterThan(300);
      expect(await answeredOtherwise(memory, postgres, queries)).toEqual([]);
    });

    // A mark only a skeleton reaches is read by its name first and in full only when its rendering is kept.
    it('ranks marks only a transliteration reaches as the in-memory index does, with their classes', async () => {
      // Invented names: no known brand's, so their sound alone links them (brands are found by their names too).
      const pairs = readTransliterationSet()
        .filter((pair) => pair.kind === 'invented')
        .slice(0, 80);
      const renderings = pairs.flatMap((pair, i) => [
        markRecord(pair.latin, { applicationNumber: `TL-${i}`, dataset: 'US', niceClass: [25 + (i % 3)] }),
        markRecord(pair.chinese, { applicationNumber: `TC-${i}`, dataset: 'CN', niceClass: [35] }),
      ]);
      const generated = generateMarks({ count: 1_000, seed: 9 }).map((mark, i) => asImport(mark, `TG-${i}`));
      await upsertMarks(database.db, [...generated, ...renderings]);
      const memory = new MarkIndexService(database.db);
      const postgres = postgresSearch();
      await Promise.all([memory.ready(), postgres.ready()]);
      const texts = pairs.flatMap((pair) => [pair.latin, pair.chinese]);
      expect(await answeredOtherwise(memory, postgres, texts)).toEqual([]);
      let byRenderingOnly = 0;
      for (const text of texts) {
        byRenderingOnly += (await postgres.search({ text, limit: 10 })).matches.filter(
          (match) => match.signals.join() === 'transliteration',
        ).length;
      }
      expect(byRenderingOnly).toBeGreaterThan(20);
    });

    it("finds a known brand's established name in the other script as the in-memory index does", async () => {
      const names = [
        '星巴克',
        '星巴克科技',
        'STARBUCKS',
        '宜家',
        'IKEA HOME',
        '标致',
        '奈飞',
        'NIVEA',
        '衣家',
      ];
      await upsertMarks(database.db, [
        ...generateMarks({ count: 500, seed: 8 }).map((mark, i) => asImport(mark, `EG-${i}`)),
        ...names.map((name, i) => markRecord(name, { applicationNumber: `EN-${i}`, dataset: 'CN' })),
      ]);
      const memory = new MarkIndexService(database.db);
      const postgres = postgresSearch();
      await Promise.all([memory.ready(), postgres.ready()]);
      expect(
        await answeredOtherwise(memory, postgres, ['STARBUCKS', '宜家', 'IKEA', 'PEUGEOT', 'NIVEA', '奈飞']),
      ).toEqual([]);
      const starbucks = (await postgres.search({ text: 'STARBUCKS', limit: 10 })).matches;
      expect(
        starbucks.filter((match) => match.signals[0] === 'established').map((match) => match.score),
      ).toEqual([92, 85]);
      const peugeot = (await postgres.search({ text: 'PEUGEOT', limit: 10 })).matches;
      expect(peugeot.map((match) => match.score)).toEqual([92]);
    });

    it('scores marks a skeleton reaches from their stored sounds, and from their text where those are not trusted', async () => {
      const pairs = readTransliterationSet().slice(0, 40);
      // A code another definition holds before the fill: names with the sound (JORDAN's j) keep no stored sounds.
      await postgresSearch().ready();
      const jordan = transliterationSounds(analyzeName('JORDAN', new PinyinCache())) ?? [];
      const sharedCode = soundCode((jordan[0] as Sound).id);
      await pool().query('INSERT INTO trademark_search_keys_sounds (code, definition) VALUES ($1, $2)', [
        sharedCode,
        soundDefinition(jordan[1] as Sound),
      ]);
      await upsertMarks(database.db, [
        ...generateMarks({ count: 300, seed: 5 }).map((mark, i) => asImport(mark, `SG-${i}`)),
        ...pairs.flatMap((pair, i) => [
          markRecord(pair.latin, { applicationNumber: `SL-${i}`, dataset: 'US' }),
          markRecord(pair.chinese, { applicationNumber: `SC-${i}`, dataset: 'CN' }),
        ]),
      ]);
      const memory = new MarkIndexService(database.db);
      await Promise.all([memory.ready(), postgresSearch().ready()]);
      const stored = async (name: string) =>
        (
          await pool().query<{ sounds: Buffer | null }>(
            'SELECT sounds FROM trademark_search_keys WHERE name = $1',
            [name],
          )
        ).rows[0]?.sounds;
      expect(await stored('NIKE')).toBeInstanceOf(Buffer);
      expect(await stored('耐克')).toBeInstanceOf(Buffer);
      expect(await stored('JORDAN')).toBeNull();
      const differing = async (): Promise<string[]> => {
        // A process of its own, which reads the codes it meets from the table.
        const postgres = postgresSearch();
        await postgres.ready();
        return answeredOtherwise(
          memory,
          postgres,
          pairs.flatMap((pair) => [pair.latin, pair.chinese]),
        );
      };
      expect(await differing()).toEqual([]);
      // Definitions swapped under their codes are not what those codes hash from: such names are read from text.
      await pool().query(
        `UPDATE trademark_search_keys_sounds s SET definition = o.definition FROM trademark_search_keys_sounds o
         WHERE s.code <> o.code AND s.code <> $1 AND o.code <> $1`,
        [sharedCode],
      );
      expect(await differing()).toEqual([]);
    });

    it('answers every relevance query at high risk as the in-memory index does, reading names by near keys', async () => {
      await fillRegister();
      // Names one letter from the relevance set's long queries, which only the halves' near keys reach below 60.
      await upsertMarks(database.db, [
        markRecord('XIANGHUANGHUJ', { applicationNumber: 'N-1', dataset: 'CN' }),
        markRecord('BELLORDELSTELA', { applicationNumber: 'N-2', dataset: 'US' }),
      ]);
      const memory = new MarkIndexService(database.db);
      const postgres = postgresSearch();
      await Promise.all([memory.ready(), postgres.ready()]);
      const queries: SearchQuery[] = [
        ...RELEVANCE.pairs.map((pair) => ({ text: pair.query, limit: 10 })),
        { text: 'XIANGHUANGHUI', limit: 10 },
        { text: 'BELLORDEL STELLA', limit: 10 },
      ];
      const differing: string[] = [];
      for (const query of queries) {
        const [expected, actual] = [await memory.search(query), await postgres.search(query)];
        if (top(expected, HIGH_RISK_SCORE).join() !== top(actual, HIGH_RISK_SCORE).join())
          differing.push(query.text);
        // Below high risk it may list fewer: a name only its spelling brings to 50–60 is not read.
        expect(actual.total).toBeLessThanOrEqual(expected.total);
      }
      expect(differing).toEqual([]);
      for (const text of ['XIANGHUANGHUI', 'BELLORDEL STELLA'])
        expect((await postgres.search({ text })).matches[0]?.score).toBeGreaterThanOrEqual(HIGH_RISK_SCORE);
    });

    it('stores the near keys a query within two edits looks up, for names of every listed length', async () => {
      // Names one or two edits from a query each (within what 60 allows at their length), looked up by the near keys
      // alone: what the table stores (through JSON, with a character outside the BMP) meets what a query asks for.
      const pairs: Array<[string, string]> = [
        ['NIKE', 'NIKEE'],
        ['APPLE', 'APLPE'],
        ['BELLAVINO', 'BELLAVIN'],
        ['QUINTAVOLEX', 'QUINTAVOLEZ'],
        ['XIANGHUANGHUI', 'XIANGHAUNGHUJ'],
        ['BELLORDELSTELLA', 'BELLODRELSTELA'],
        // Both edits in the first half, and one with a swap across the middle: found by the end alone.
        ['BELLORDELSTELLA', 'BXLLODRELSTELLA'],
        ['BELLORDELSTELLA', 'PELLOREDLSTELLA'],
        ['AURORIXQUINTAVOBELLA', 'AURORIXQUNITAVOBELL'],
        ['A😀BCDE', 'A😀BCE'],
      ];
      await upsertMarks(
        database.db,
        pairs.map(([, name], i) => markRecord(name, { applicationNumber: `NK-${i}` })),
      );
      await postgresSearch().ready();
      const pinyin = new PinyinCache();
      for (const [query, name] of pairs) {
        const keys = queryNearKeys(HIGH_RISK_SCORE, analyzeName(query, pinyin).visual);
        expect(keys, query).toBeDefined();
        const { rows } = await pool().query<{ name: string }>(
          'SELECT name FROM trademark_search_keys WHERE near && $1::text[]',
          [keys],
        );
        expect(
          rows.map((row) => row.name),
          query,
        ).toContain(name);
      }
    });

    it("counts a word in many of the register's names as frequent, as the in-memory index does", async () => {
      // ZORBEX is in 260 names, past the 200 that make a word frequent in a small register: QUALIX ZORBEX is then
      // QUALIX with a frequent word, as close to the mark QUALIX as QUALIX alone.
      const names = ['QUALIX', ...Array.from({ length: 260 }, (_, i) => `${syllables(i)} ZORBEX`)];
      await upsertMarks(
        database.db,
        names.map((name, i) => markRecord(name, { applicationNumber: `F-${i}` })),
      );
      const memory = new MarkIndexService(database.db);
      const postgres = postgresSearch();
      await Promise.all([memory.ready(), postgres.ready()]);
      expect(memory.index.isCommonStem('zorbex')).toBe(true);
      const query = { text: 'QUALIX ZORBEX', limit: 10 };
      const [expected, actual] = [await memory.search(query), await postgres.search(query)];
      expect(top(actual)).toEqual(top(expected));
      expect(actual.matches[0]?.signals).toEqual(expected.matches[0]?.signals);
    });

    it('follows new, renamed and deleted marks after its start, and keeps its cursor in the database', async () => {
      await upsertMarks(database.db, [markRecord('AURORIX', { applicationNumber: 'A-1' })]);
      const first = postgresSearch();
      await first.ready();
      expect(top(await first.search({ text: 'Aurorix' }))).toHaveLength(1);

      await upsertMarks(database.db, [
        markRecord('BELLORA', { applicationNumber: 'A-1' }),
        markRecord('QUINTAVO', { applicationNumber: 'A-2', dataset: 'CN' }),
      ]);
      expect(await first.refresh()).toBe(2);
      expect((await first.search({ text: 'Aurorix' })).total).toBe(0);
      expect((await first.search({ text: 'Bellora' })).total).toBe(1);
      expect((await first.search({ text: 'Quintavo', datasets: ['CN'] })).total).toBe(1);
      expect((await first.search({ text: 'Quintavo', datasets: ['US'] })).total).toBe(0);

      await deleteMarks(database.db, [{ dataset: 'CN', applicationNumber: 'A-2' }]);
      // A second process reads from the cursor the first one stored: only the deletion is left to take in.
      const second = postgresSearch();
      await second.ready();
      expect((await second.search({ text: 'Quintavo' })).total).toBe(0);
      expect(await second.refresh()).toBe(0);
      expect((await first.search({ text: 'Bellora' })).total).toBe(1);
    });

    it('lets processes that start together lay the table out and fill it once', async () => {
      await upsertMarks(
        database.db,
        Array.from({ length: 40 }, (_, i) => markRecord(`AURORIX ${i}`, { applicationNumber: `S-${i}` })),
      );
      const starting = [postgresSearch(), postgresSearch(), postgresSearch()];
      await Promise.all(starting.map((service) => service.ready()));
      const { rows } = await pool().query<{ marks: number }>(
        'SELECT count(*)::integer AS marks FROM trademark_search_keys',
      );
      expect(rows).toEqual([{ marks: 40 }]);
      for (const service of starting)
        expect((await service.search({ text: 'Aurorix 7' })).total).toBeGreaterThan(0);
    });

    it('keeps each register in a partition of its own', async () => {
      await upsertMarks(database.db, [
        markRecord('AURORIX', { applicationNumber: 'P-1', dataset: 'US' }),
        markRecord('AURORIX', { applicationNumber: 'P-2', dataset: 'CN' }),
      ]);
      await postgresSearch().ready();
      const { rows } = await pool().query<{ partition: string; marks: number }>(
        `SELECT tableoid::regclass::text AS partition, count(*)::integer AS marks FROM trademark_search_keys
       GROUP BY 1 ORDER BY 1`,
      );
      expect(rows).toEqual([
        { partition: 'trademark_search_keys_cn', marks: 1 },
        { partition: 'trademark_search_keys_us', marks: 1 },
      ]);
    });

    it('fills the keys table afresh when its keys are of another engine version', async () => {
      await upsertMarks(database.db, [markRecord('AURORIX', { applicationNumber: 'V-1' })]);
      await postgresSearch().ready();
      await pool().query(`UPDATE trademark_search_keys_version SET fingerprint = 'an older engine'`);
      await pool().query(`UPDATE trademark_search_keys SET words = '{}', keys = '{}', visual = 'zzzz'`);
      const restarted = postgresSearch();
      await restarted.ready();
      expect((await restarted.search({ text: 'Aurorix' })).total).toBe(1);
      const { rows } = await pool().query<{ fingerprint: string }>(
        'SELECT fingerprint FROM trademark_search_keys_version',
      );
      expect(rows).toEqual([{ fingerprint: snapshotFingerprint() }]);
    });

    it('serves the search screen as the in-memory mode does', async () => {
      const apps = [await createTestApp(), await createTestApp({ trademarkIndex: 'postgres' })];
      try {
        const answers = [];
        for (const app of apps) {
          await upsertMarks(app.ctx.db, [
            markRecord('APPLE', { niceClass: [9, 42], dataset: 'US' }),
            markRecord('APPEL', { niceClass: [9], dataset: 'EM' }),
            markRecord('APPLE PAY', { niceClass: [36], dataset: 'UF', status: 'filed' }),
            markRecord('苹果', { niceClass: [9], dataset: 'CN' }),
            markRecord('BANANA', { niceClass: [9], dataset: 'US' }),
          ]);
          const staff = await app.loggedIn('advisor', 'consultant');
          const response = await staff.request({
            method: 'POST',
            url: '/api/trademark/search',
            payload: { text: 'apple', datasets: 'US', classes: [9] },
          });
          expect(response.statusCode, response.body).toBe(200);
          const { results, total, niceClassStatistics } = response.json().data;
          answers.push({
            results: results.map((item: { name: string; similarityScore: number }) => [
              item.name,
              item.similarityScore,
            ]),
            total,
            niceClassStatistics,
          });
        }
        expect(answers[0]?.results).toContainEqual(['APPLE', 100]);
        expect(answers[1]).toEqual(answers[0]);
      } finally {
        for (const app of apps) await app.close();
      }
    });

    it('treats hostile and odd query text as text', async () => {
      await upsertMarks(database.db, [markRecord('AURORIX', { applicationNumber: 'H-1' })]);
      const service = postgresSearch();
      await service.ready();
      for (const text of ["'; DROP TABLE marks; --", '%_\\', '   ', '耐克'.repeat(200), 'a']) {
        const result = await service.search({ text, limit: 10 });
        expect(result.matches.length).toBeLessThanOrEqual(10);
      }
      expect((await service.search({ text: 'Aurorix' })).total).toBe(1);
    });
  },
);

/** A connection of the test's own, for looking at the tables. */
function pool(): pg.Pool {
  if (openPool === undefined) {
    openPool = new pg.Pool({ connectionString: database.url, max: 1 });
    // Dropping the test database ends connections that are still closing.
    openPool.on('error', () => undefined);
  }
  return openPool;
}
