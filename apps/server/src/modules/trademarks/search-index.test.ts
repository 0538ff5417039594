import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { deleteMarks, marksChangedAfter, upsertMarks } from './repository.ts';
import { INDEX_PAGE, MarkIndexService } from './search-index.ts';
import { markRecord } from './test-marks.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
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
