import type { Migration } from 'kysely';
import { type AnyDb, withIdColumn } from '../columns.ts';

/**
 * Agreements addressed to a named signer who proves control of a mobile number with a one-time code and consents to
 * sign electronically (issue #18), and templates written as text with merge fields or uploaded as a PDF.
 *
 * - `agreements`: the signer (name, mobile, e-mail), the merge values the pages were rendered with, wrong-code count
 *   and lock, and the identity check and consent as evidence (`loadSigningEvidence`).
 * - `agreement_sign_codes`: every code sent, hashed, with its expiry and use; the latest unused one is the valid one.
 * - `agreement_pages`: the pages of an agreement made from a text template (rendered with its own merge values);
 *   agreements of image or PDF templates show the template's pages.
 * - `agreement_templates`: how a version was authored (`images`, `pdf`, `text`), its text and source PDF.
 */
export const signerIdentity: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('agreement_templates')
      .addColumn('kind', 'varchar(10)', (c) => c.notNull().defaultTo('images'))
      .execute();
    await db.schema.alterTable('agreement_templates').addColumn('title', 'varchar(100)').execute();
    await db.schema.alterTable('agreement_templates').addColumn('body', 'text').execute();
    await db.schema
      .alterTable('agreement_templates')
      .addColumn('source_file_id', 'varchar(40)', (c) => c.references('files.id').onDelete('restrict'))
      .execute();

    for (const [name, type] of [
      ['signer_name', 'varchar(100)'],
      ['signer_mobile', 'varchar(20)'],
      ['signer_email', 'varchar(200)'],
      ['merge_values', 'text'],
      ['code_locked_at', 'varchar(30)'],
      ['identity_code_sent_at', 'varchar(30)'],
      ['identity_confirmed_at', 'varchar(30)'],
      ['identity_ip', 'varchar(64)'],
      ['identity_user_agent', 'varchar(500)'],
      ['consent_version', 'varchar(20)'],
      ['consent_language', 'varchar(10)'],
      ['consent_text', 'text'],
      ['consent_at', 'varchar(30)'],
    ] as const) {
      await db.schema.alterTable('agreements').addColumn(name, type).execute();
    }
    await db.schema
      .alterTable('agreements')
      .addColumn('code_failures', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withIdColumn(db.schema.createTable('agreement_sign_codes'), db)
      .addColumn('agreement_id', 'integer', (c) =>
        c.notNull().references('agreements.id').onDelete('cascade'),
      )
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('salt', 'varchar(32)', (c) => c.notNull())
      .addColumn('sent_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(30)')
      .addColumn('ip', 'varchar(64)')
      .execute();
    await db.schema
      .createIndex('agreement_sign_codes_agreement_idx')
      .on('agreement_sign_codes')
      .columns(['agreement_id', 'sent_at'])
      .execute();

    await db.schema
      .createTable('agreement_pages')
      .addColumn('agreement_id', 'integer', (c) =>
        c.notNull().references('agreements.id').onDelete('cascade'),
      )
      .addColumn('page_no', 'integer', (c) => c.notNull())
      .addColumn('file_id', 'varchar(40)', (c) => c.notNull().references('files.id').onDelete('restrict'))
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('agreement_pages_pk', ['agreement_id', 'page_no'])
      .execute();
    await db.schema
      .createIndex('agreement_pages_file_idx')
      .on('agreement_pages')
      .columns(['file_id', 'agreement_id'])
      .execute();
  },
};
