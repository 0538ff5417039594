import { type Migration, sql } from 'kysely';
import { DEMO_RULES, DEMO_SERVICE_NAMES } from '../../modules/patents/demo-texts.ts';
import type { AnyDb } from '../columns.ts';

/**
 * English beside the Chinese texts customers read: a patent order's service name and the materials form's
 * additional rules. Empty means "not translated"; readers then get the Chinese. Existing rows are filled where the
 * English is known: the catalogue's `name_en` of the service the order was bought as, and the demo's own texts.
 */
export const bilingualTexts: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('patent_orders')
      .addColumn('service_name_en', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('patent_additional_rules')
      .addColumn('title_en', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('patent_additional_rules')
      .addColumn('content_en', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await fillKnownEnglish(db);
  },
};

/**
 * Fills the English of rows that have none where it is known. Bought orders copied the catalogue's Chinese name; the
 * same service row has the English one. The demo's own texts are known by their Chinese.
 */
export async function fillKnownEnglish(db: AnyDb): Promise<void> {
  await db
    .updateTable('patent_orders')
    .set({
      service_name_en: sql`coalesce((select services.name_en from services where services.id = patent_orders.service_id and services.name = patent_orders.service_name), '')`,
    })
    .where('service_name_en', '=', '')
    .execute();
  for (const name of Object.values(DEMO_SERVICE_NAMES)) {
    await db
      .updateTable('patent_orders')
      .set({ service_name_en: name.en })
      .where('service_name', '=', name.zh)
      .where('service_name_en', '=', '')
      .execute();
  }
  for (const rule of DEMO_RULES) {
    await db
      .updateTable('patent_additional_rules')
      .set({ title_en: rule.title.en, content_en: rule.content.en })
      .where('title', '=', rule.title.zh)
      .where('content', '=', rule.content.zh)
      .where('title_en', '=', '')
      .execute();
  }
}
