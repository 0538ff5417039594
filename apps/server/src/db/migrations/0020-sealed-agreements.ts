import type { Migration } from 'kysely';
import type { AnyDb } from '../columns.ts';

/**
 * The SHA-256 of the bytes the platform's seal covers in a signed PDF (its signature's byte range). The public
 * verification looks a sealed PDF up by it: it stays the same when only the signature's padding changes, and it is
 * exactly what the signature's message digest says. Agreements signed before sealing existed keep null.
 */
export const sealedAgreements: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('agreements').addColumn('sealed_content_sha256', 'varchar(64)').execute();
    await db.schema
      .createIndex('agreements_sealed_content_idx')
      .on('agreements')
      .column('sealed_content_sha256')
      .execute();
  },
};
