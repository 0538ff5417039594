import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshDatasetSummary, upsertMarks } from '../../modules/trademarks/repository.ts';
import { markRecord } from '../../modules/trademarks/test-marks.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { adoptSeededDemo } from './0015-generated-marks.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('migration 0015: a database seeded before it', () => {
  it("finds the seed's marks by their one created_at, marks them generated and gives their images the product's logo", async () => {
    const db = t.ctx.db;
    // As the seed wrote them: the marker first, then every demo mark in one upsert (one created_at), all generated=0.
    await db.insertInto('demo_seed').values({ id: 1, seeded_at: '2026-01-01T00:00:00.000Z' }).execute();
    await upsertMarks(db, [
      markRecord('SEEDED', {
        dataset: 'US',
        applicationNumber: '87000001',
        imageUrl: 'https://images.example.com/marks/US/87000001.png',
      }),
      markRecord('SEEDED TOO', { dataset: 'DE', applicationNumber: '302020000001' }),
    ]);
    await db.updateTable('marks').set({ created_at: '2026-01-01T00:00:05.000Z', generated: 0 }).execute();
    // An office import after the seed.
    await upsertMarks(db, [markRecord('IMPORTED', { dataset: 'US', applicationNumber: '99000001' })]);
    await db
      .updateTable('marks')
      .set({ created_at: '2026-02-01T00:00:00.000Z' })
      .where('name', '=', 'IMPORTED')
      .execute();
    await refreshDatasetSummary(db);

    await adoptSeededDemo(db);
    await adoptSeededDemo(db);

    const marks = await db
      .selectFrom('marks')
      .select(['name', 'generated', 'image_url'])
      .orderBy('name')
      .execute();
    expect(marks).toEqual([
      { name: 'IMPORTED', generated: 0, image_url: null },
      { name: 'SEEDED', generated: 1, image_url: '/api/trademark/mark-image/US/87000001.svg' },
      { name: 'SEEDED TOO', generated: 1, image_url: null },
    ]);
    const counts = await db
      .selectFrom('trademark_datasets')
      .select(['code', 'generated_count'])
      .orderBy('code')
      .execute();
    expect(counts.map((row) => [row.code, Number(row.generated_count)])).toEqual([
      ['DE', 1],
      ['US', 1],
    ]);
  });
});
