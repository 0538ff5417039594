import { type Migration, sql } from 'kysely';
import type { AnyDb } from '../columns.ts';

/** Where the demo generator used to point figurative marks: a host that never served them. */
const OLD_IMAGE_PREFIX = 'https://images.example.com/marks/';

/**
 * Marks made by the demo generator are told apart from office data: `marks.generated` (1 for a generated mark) and,
 * per register, `trademark_datasets.generated_count`, which the search screen's data notice and the report read.
 *
 * A database seeded before this knows its demo marks by the seed: they were all written by one upsert in the seed's
 * transaction, after the `demo_seed` marker, so they share the first `created_at` after `seeded_at`. Their images
 * pointed at a host that serves nothing; they now point at the product's own generated logo.
 */
export const generatedMarks: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('marks')
      .addColumn('generated', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('trademark_datasets')
      .addColumn('generated_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await adoptSeededDemo(db);
  },
};

/**
 * Marks the demo marks of a database seeded before migration 0015 as generated, points their images at the product's
 * own logos, and counts them per register. Idempotent.
 */
export async function adoptSeededDemo(db: AnyDb) {
  const marker = await db.selectFrom('demo_seed').select('seeded_at').executeTakeFirst();
  if (marker) {
    const first = await db
      .selectFrom('marks')
      .select((eb) => eb.fn.min('created_at').as('at'))
      .where('created_at', '>=', marker.seeded_at)
      .executeTakeFirst();
    if (first?.at) {
      await db.updateTable('marks').set({ generated: 1 }).where('created_at', '=', first.at).execute();
    }
  }
  await db
    .updateTable('marks')
    .set({
      image_url: sql`'/api/trademark/mark-image/' || dataset || '/' || application_number || '.svg'`,
    })
    .where('image_url', 'like', `${OLD_IMAGE_PREFIX}%`)
    .execute();
  await sql`UPDATE trademark_datasets SET generated_count = (SELECT count(*) FROM marks WHERE marks.dataset = trademark_datasets.code AND marks.generated = 1)`.execute(
    db,
  );
}
