import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { effectIn, hasEffect } from '@kxt/contracts/jurisdictions';
import type { TrademarkImportRecord } from '@kxt/contracts/trademarks';
import { analyzeName } from '@kxt/trademark-engine/analyze';
import { TrademarkIndex } from '@kxt/trademark-engine/engine';
import { mulberry32 } from '@kxt/trademark-engine/prng';
import { compareNames } from '@kxt/trademark-engine/score';
import { openContext } from '../apps/server/src/bootstrap.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { nowIso } from '../apps/server/src/lib/time.ts';
import { syntheticMarks } from '../apps/server/src/modules/trademarks/demo-marks.ts';
import { marksChangedAfter, upsertMarks } from '../apps/server/src/modules/trademarks/repository.ts';
import { matchWatches } from '../apps/server/src/modules/watches/matching.ts';
import { writeResults } from './results-file.ts';

const MARKETS = ['US', 'EM', 'CN', 'GB', 'JP', 'DE', 'FR', 'WO', 'KR', 'AU'];
const CHUNK = 100_000;

/** `count` synthetic marks, generated and written a chunk at a time, their application numbers made distinct by `prefix`. */
async function loadMarks(db: Parameters<typeof upsertMarks>[0], count: number, seed: number, prefix: string) {
  const names: string[] = [];
  for (let start = 0, chunk = 0; start < count; start += CHUNK, chunk++) {
    const records: TrademarkImportRecord[] = syntheticMarks(Math.min(CHUNK, count - start), seed + chunk).map(
      (record) => ({ ...record, applicationNumber: `${prefix}${chunk}-${record.applicationNumber}` }),
    );
    await db.transaction().execute((trx) => upsertMarks(trx, records));
    for (const record of records) if (names.length < 200_000) names.push(record.name);
  }
  return names;
}

/** One letter changed, the way a rival's filing differs from a watched name. */
function mutate(name: string, random: () => number): string {
  const at = Math.floor(random() * name.length);
  const letter = String.fromCharCode(65 + Math.floor(random() * 26));
  return `${name.slice(0, at)}${letter}${name.slice(at + 1)}`;
}

/**
 * `npm run bench -- watch`: `--watches` active watches against an import batch of `--batch` new marks over a register
 * of `--register` marks (issue #21: 10,000 × 50,000 over 1,000,000 in under 60 s). The watched names are batch names,
 * batch names one letter off, and register names. The recall of the matcher is checked against comparing every
 * batch mark with each of `--sample` watches (the same scorer, the same effect and class rules).
 */
export async function runWatchBench(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      register: { type: 'string', default: '1000000' },
      batch: { type: 'string', default: '50000' },
      watches: { type: 'string', default: '10000' },
      sample: { type: 'string', default: '200' },
    },
  });
  const registerSize = Number(values.register);
  const batchSize = Number(values.batch);
  const watchCount = Number(values.watches);
  const sampleSize = Number(values.sample);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kxt-bench-watch-'));
  const ctx = await openContext(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  try {
    const seedStarted = performance.now();
    const registerNames = await loadMarks(ctx.db, registerSize, 1, 'R');
    const registerSeconds = (performance.now() - seedStarted) / 1000;

    const customer = await ctx.db
      .insertInto('customers')
      .values({ name: 'Bench Watch Co', created_at: nowIso(), updated_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The batch's names are known before it is imported: watches are made of them, one letter off, or others.
    const batchRecords = syntheticMarks(batchSize, 7_777).map((record) => ({
      ...record,
      applicationNumber: `B-${record.applicationNumber}`,
    }));
    const random = mulberry32(42);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    const at = nowIso();
    const expires = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const watches = Array.from({ length: watchCount }, () => {
      const r = random();
      // Most watches are about a rival filing in the batch: its name or one letter off, where and in a class it was
      // filed; the others watch register names in random markets and classes.
      const rival = r < 0.6 ? pick(batchRecords) : undefined;
      const text = !rival ? pick(registerNames) : r < 0.3 ? rival.name : mutate(rival.name, random);
      const countries = [...new Set([rival?.dataset ?? pick(MARKETS), pick(MARKETS)])].slice(
        0,
        1 + Math.floor(random() * 2),
      );
      const classes = random() < 0.5 ? '' : String(rival?.niceClass[0] ?? 1 + Math.floor(random() * 45));
      return {
        customer_id: customer.id,
        text: text.slice(0, 100),
        countries: countries.join(','),
        classes,
        threshold: 60,
        status: 'active' as const,
        starts_at: at,
        expires_at: expires,
        created_at: at,
        updated_at: at,
      };
    });
    for (let start = 0; start < watches.length; start += 1000) {
      await ctx.db
        .insertInto('trademark_watches')
        .values(watches.slice(start, start + 1000))
        .execute();
    }

    const since = nowIso();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const importStarted = performance.now();
    for (let start = 0; start < batchRecords.length; start += CHUNK) {
      await ctx.db.transaction().execute((trx) => upsertMarks(trx, batchRecords.slice(start, start + CHUNK)));
    }
    const importSeconds = (performance.now() - importStarted) / 1000;

    const rssBefore = process.memoryUsage().rss;
    const matchStarted = performance.now();
    const found = await matchWatches(ctx.db, since);
    const matchSeconds = (performance.now() - matchStarted) / 1000;
    const rssAfter = process.memoryUsage().rss;

    // Brute force over the same batch for a sample of watches.
    const batch = [];
    let cursor = { updatedAt: since, id: 0 };
    for (;;) {
      const page = await marksChangedAfter(ctx.db, cursor, 5000);
      batch.push(...page.map((row) => row.mark));
      const last = page.at(-1);
      if (!last || page.length < 5000) break;
      cursor = { updatedAt: last.updatedAt, id: last.mark.id };
    }
    const index = new TrademarkIndex();
    index.add(batch);
    const analyses = batch.map((mark) => analyzeName(mark.name, index.pinyin));
    const stored = await ctx.db
      .selectFrom('trademark_watches')
      .select(['id', 'text', 'countries', 'classes', 'threshold'])
      .orderBy('id')
      .execute();
    let expectedHits = 0;
    let foundOfExpected = 0;
    const bruteStarted = performance.now();
    for (let s = 0; s < sampleSize; s++) {
      const watch = stored[Math.floor((s * stored.length) / sampleSize)];
      if (!watch) break;
      const effect = effectIn(watch.countries.split(','));
      const classes = watch.classes ? watch.classes.split(',').map(Number) : undefined;
      const options = index.compareOptions(classes);
      const query = analyzeName(watch.text, index.pinyin);
      const expected = new Set<number>();
      batch.forEach((mark, i) => {
        if (!hasEffect(effect, mark)) return;
        if (classes && !mark.niceClass.some((cls) => classes.includes(cls))) return;
        if (
          compareNames(query, analyses[i] as ReturnType<typeof analyzeName>, options).score >= watch.threshold
        )
          expected.add(mark.id);
      });
      const hits = await ctx.db
        .selectFrom('trademark_watch_hits')
        .select('mark_id')
        .where('watch_id', '=', watch.id)
        .execute();
      const got = new Set(hits.map((hit) => hit.mark_id));
      expectedHits += expected.size;
      for (const id of expected) if (got.has(id)) foundOfExpected++;
    }
    const bruteSeconds = (performance.now() - bruteStarted) / 1000;

    const summary = {
      register: registerSize,
      batch: batchSize,
      watches: watchCount,
      matchSeconds: round(matchSeconds),
      hits: found.hits,
      marksMatched: found.marks,
      rssBeforeMb: Math.round(rssBefore / 1_048_576),
      rssAfterMb: Math.round(rssAfter / 1_048_576),
      registerSeedSeconds: round(registerSeconds),
      batchImportSeconds: round(importSeconds),
      sampleWatches: sampleSize,
      sampleExpectedHits: expectedHits,
      sampleRecall: expectedHits === 0 ? 1 : round(foundOfExpected / expectedHits, 4),
      bruteForceSeconds: round(bruteSeconds),
      target: { matchSeconds: 60, sampleRecall: 1 },
    };
    console.table({
      'register marks': summary.register,
      'batch marks': summary.batch,
      'active watches': summary.watches,
      'matching (s)': summary.matchSeconds,
      'hits stored': summary.hits,
      'RSS before → after (MB)': `${summary.rssBeforeMb} → ${summary.rssAfterMb}`,
      [`recall on ${sampleSize} watches (${expectedHits} hits by brute force)`]: summary.sampleRecall,
      'register seeding (s)': summary.registerSeedSeconds,
    });
    await writeResults('watch', summary);
    if (summary.matchSeconds > 60 || summary.sampleRecall < 1) process.exitCode = 1;
  } finally {
    await ctx.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function round(value: number, digits = 2) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
