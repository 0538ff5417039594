import type { Migration } from 'kysely';
import type { AnyDb } from '../columns.ts';

/**
 * What an in-app notification is rendered from: its params (the values of its text: names, numbers, codes, dates) as
 * JSON, so the list shows it in the reader's language of the day rather than the one the recipient had when it was
 * written. Rows written before have none and keep showing their stored title and body.
 */
export const notificationParams: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('notifications').addColumn('params', 'text').execute();
  },
};
