import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TrademarkImportRecord } from '@kxt/contracts/trademarks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { deleteMarks, marksChangedAfter, upsertMarks } from './repository.ts';
import { INDEX_PAGE, MarkIndexService, SNAPSHOT_INTERVAL_MS } from './search-index.ts';
import { markRecord } from './test-marks.ts';

let t: TestApp;
/** Services given a snapshot path: each may still be writing when its test ends, so all stop before the folder goes. */
let snapshotting: MarkIndexService[] = [];
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await Promise.all(snapshotting.map((started) => started.stop()));
  snapshotting = [];
  await t.close();
});

const records = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) =>
    markRecord(`${prefix} ${i}`, { applicationNumber: `${prefix}-${i}` }),
  );

/** Two import batches (two update times), the second also changing one mark of the first. */
async function twoBatches() {
  const first = records(INDEX_PAGE * 2 + 7, 'FIRST');
  await upsertMarks(t.ctx.db, first);
  await new Promise((resolve) => setTimeout(resolve, 5));
  await upsertMarks(t.ctx.db, [
    ...records(INDEX_PAGE + 3, 'SECOND'),
    markRecord('CHANGED', { applicationNumber: 'FIRST-3' }),
  ]);
  return t.ctx.db
    .selectFrom('marks')
    .select(['id', 'updated_at'])
    .orderBy('updated_at')
    .orderBy('id')
    .execute();
}

describe('the trademark index build', () => {
  it('pages through the marks in (update time, id) order, every mark once, across equal and later times', async () => {
    const expected = await twoBatches();
    const seen: number[] = [];
    let cursor = { updatedAt: '', id: 0 };
    for (;;) {
      const page = await marksChangedAfter(t.ctx.db, cursor, INDEX_PAGE);
      seen.push(...page.map((row) => row.mark.id));
      const last = page.at(-1);
      if (!last) break;
      cursor = { updatedAt: last.updatedAt, id: last.mark.id };
    }
    expect(seen).toEqual(expected.map((row) => row.id));
    expect(new Set(expected.map((row) => row.updated_at)).size).toBe(2);
  });

  it('lets the event loop turn between steps of at most INDEX_PAGE marks, and indexes them all', async () => {
    const expected = await twoBatches();
    const service = new MarkIndexService(t.ctx.db);
    // Marks indexed between two turns of the event loop: what one step holds the loop for.
    let largestStep = 0;
    let lastSize = 0;
    let done = false;
    const measure = () => {
      largestStep = Math.max(largestStep, service.index.size - lastSize);
      lastSize = service.index.size;
    };
    const watch = () => {
      measure();
      if (!done) setImmediate(watch);
    };
    setImmediate(watch);
    await service.ready();
    done = true;
    measure();
    expect(service.built).toBe(true);
    expect(service.index.size).toBe(expected.length);
    expect(largestStep).toBeGreaterThan(0);
    expect(largestStep).toBeLessThanOrEqual(INDEX_PAGE);
  });

  it('drops the marks an office deleted since the last look, as another process would have deleted them', async () => {
    await upsertMarks(t.ctx.db, records(5, 'KEPT'));
    const service = new MarkIndexService(t.ctx.db);
    await service.ready();
    expect(service.index.size).toBe(5);
    const removed = await deleteMarks(t.ctx.db, [
      { dataset: 'US', applicationNumber: 'KEPT-1' },
      { dataset: 'US', applicationNumber: 'KEPT-3' },
      { dataset: 'US', applicationNumber: 'NEVER-THERE' },
    ]);
    expect(removed).toBe(2);
    expect(await service.refresh()).toBe(2);
    expect(service.index.size).toBe(3);
    expect(await service.refresh()).toBe(0);
  });
});

describe('the trademark index snapshot', () => {
  const snapshotPath = () => path.join(t.ctx.config.dataDir, 'trademark-index.snapshot');
  /** A service keeping its snapshot in the test's data folder, with its log lines collected. */
  const service = (now?: () => number) => {
    const created = new MarkIndexService(t.ctx.db, { snapshotPath: snapshotPath(), ...(now ? { now } : {}) });
    snapshotting.push(created);
    const lines: string[] = [];
    created.log = (message) => lines.push(message);
    return { service: created, lines };
  };
  const ids = (found: MarkIndexService, text: string) =>
    found.index.search({ text }).matches.map((match) => match.id);
  /** Imports `marks`, then starts a service and lets it write its snapshot. */
  const savedOnce = async (marks: TrademarkImportRecord[]) => {
    await upsertMarks(t.ctx.db, marks);
    const first = service();
    await first.service.ready();
    await first.service.stop();
    return first;
  };

  it('writes the built index, and a restart loads it and reads only the rows changed since', async () => {
    const first = await savedOnce([...records(INDEX_PAGE + 20, 'SAVED'), markRecord('ZORVEXA')]);
    expect(first.service.source).toBe('database');
    expect(first.lines).toContain('trademark index snapshot written');

    await new Promise((resolve) => setTimeout(resolve, 5));
    await upsertMarks(t.ctx.db, [
      markRecord('ZORVEXO'),
      markRecord('ZORVEXA', { applicationNumber: 'SAVED-2' }),
    ]);
    await deleteMarks(t.ctx.db, [{ dataset: 'US', applicationNumber: 'SAVED-1' }]);
    const second = service();
    await second.service.ready();
    expect(second.service.source).toBe('snapshot');
    expect(second.lines).toContain('trademark index loaded from its snapshot');
    // One new mark, one renamed, one deleted: all there, and nothing else read again.
    expect(second.service.index.size).toBe(INDEX_PAGE + 20 + 1 + 1 - 1);
    const rebuilt = new MarkIndexService(t.ctx.db);
    await rebuilt.ready();
    for (const text of ['ZORVEXO', 'ZORVEXA', 'SAVED 1', 'SAVED 2', 'SAVED 7'])
      expect(ids(second.service, text)).toEqual(ids(rebuilt, text));
    expect(await second.service.refresh()).toBe(0);
  });

  it('builds afresh, and writes a good snapshot, when the one on disk is damaged', async () => {
    await savedOnce(records(30, 'KEPT'));
    const whole = readFileSync(snapshotPath());
    whole[whole.length - 5] = (whole[whole.length - 5] as number) ^ 0xff;
    writeFileSync(snapshotPath(), whole);

    const second = service();
    await second.service.ready();
    await second.service.stop();
    expect(second.service.source).toBe('database');
    expect(second.lines).toContain('trademark index snapshot corrupt: building afresh');
    expect(second.service.index.size).toBe(30);
    const third = service();
    await third.service.ready();
    expect(third.service.source).toBe('snapshot');
  });

  it('builds afresh when the snapshot is of another database', async () => {
    await savedOnce(records(10, 'OTHER'));
    const snapshot = readFileSync(snapshotPath());
    // The same data folder over a new, empty database: none of the snapshot's marks exist there.
    await Promise.all(snapshotting.map((started) => started.stop()));
    await t.close();
    t = await createTestApp();
    writeFileSync(snapshotPath(), snapshot);
    await upsertMarks(t.ctx.db, records(3, 'NEW'));
    const second = service();
    await second.service.ready();
    expect(second.service.source).toBe('database');
    expect(second.lines).toContain('trademark index snapshot is of another database: building afresh');
    expect(second.service.index.size).toBe(3);
  });

  it('changes nothing while a snapshot is being written, and reads the changes once it is', async () => {
    await upsertMarks(t.ctx.db, records(5, 'HELD'));
    const { service: saving, lines } = service();
    // The fresh build's snapshot is held back until the test lets it through.
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const save = saving.index.save.bind(saving.index);
    saving.index.save = async (...args: Parameters<typeof save>) => {
      await gate;
      return save(...args);
    };
    await saving.ready();
    await upsertMarks(t.ctx.db, [markRecord('QUELVORA')]);
    expect(await saving.refresh()).toBe(0);
    expect(ids(saving, 'QUELVORA')).toEqual([]);
    release();
    await saving.stop();
    expect(lines).toContain('trademark index snapshot written');
    expect(await saving.refresh()).toBe(1);
    expect(ids(saving, 'QUELVORA')).toHaveLength(1);
    // The snapshot holds the index as it was when writing began: a restart reads the new mark as a change.
    const restarted = service();
    await restarted.service.ready();
    expect(restarted.service.source).toBe('snapshot');
    expect(ids(restarted.service, 'QUELVORA')).toEqual(ids(saving, 'QUELVORA'));
  });

  it('writes again once marks changed and the interval has passed, not before', async () => {
    await upsertMarks(t.ctx.db, records(5, 'TICK'));
    let clock = 1_000_000;
    const { service: following, lines } = service(() => clock);
    await following.ready();
    await following.stop();
    const written = () => lines.filter((line) => line === 'trademark index snapshot written').length;
    expect(written()).toBe(1);
    await upsertMarks(t.ctx.db, [markRecord('TICKED')]);
    clock += SNAPSHOT_INTERVAL_MS - 1;
    expect(await following.refresh()).toBe(1);
    await following.stop();
    expect(written()).toBe(1);
    await upsertMarks(t.ctx.db, [markRecord('TOCKED')]);
    clock += 1;
    expect(await following.refresh()).toBe(1);
    await following.stop();
    expect(written()).toBe(2);
    clock += SNAPSHOT_INTERVAL_MS;
    expect(await following.refresh()).toBe(0);
    await following.stop();
    expect(written()).toBe(2);
  });
});
