import type { Migration } from 'kysely';
import { type AnyDb, withIdColumn } from '../columns.ts';

/** Agreement templates (versioned page images per agreement name), agreements and their signing artefacts. */
export const agreements: Migration = {
  async up(db: AnyDb) {
    await withIdColumn(db.schema.createTable('agreement_templates'), db)
      .addColumn('agreement_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      // JSON {x, y, width, height}: fractions of the last page where the signature goes.
      .addColumn('signature_box', 'varchar(200)', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addUniqueConstraint('agreement_templates_name_version_uq', ['agreement_name', 'version'])
      .execute();

    await db.schema
      .createTable('agreement_template_pages')
      .addColumn('template_id', 'integer', (c) =>
        c.notNull().references('agreement_templates.id').onDelete('cascade'),
      )
      .addColumn('page_no', 'integer', (c) => c.notNull())
      .addColumn('file_id', 'varchar(40)', (c) => c.notNull().references('files.id').onDelete('restrict'))
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('agreement_template_pages_pk', ['template_id', 'page_no'])
      .execute();
    await db.schema
      .createIndex('agreement_template_pages_file_idx')
      .on('agreement_template_pages')
      .columns(['file_id', 'template_id'])
      .execute();

    await withIdColumn(db.schema.createTable('agreements'), db)
      .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('restrict'))
      .addColumn('agreement_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('template_id', 'integer', (c) =>
        c.notNull().references('agreement_templates.id').onDelete('restrict'),
      )
      .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('revoked_at', 'varchar(30)')
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('opened_at', 'varchar(30)')
      .addColumn('read_at', 'varchar(30)')
      .addColumn('signed_at', 'varchar(30)')
      .addColumn('signer_ip', 'varchar(64)')
      .addColumn('signer_user_agent', 'varchar(500)')
      .addColumn('signature_file_id', 'varchar(40)', (c) => c.references('files.id').onDelete('restrict'))
      .addColumn('signed_image_file_id', 'varchar(40)', (c) => c.references('files.id').onDelete('restrict'))
      .addColumn('signed_pdf_file_id', 'varchar(40)', (c) => c.references('files.id').onDelete('restrict'))
      .addColumn('signature_sha256', 'varchar(64)')
      .addColumn('signed_image_sha256', 'varchar(64)')
      .addColumn('signed_pdf_sha256', 'varchar(64)')
      // The evidence record printed on the PDF's last page, as JSON (with the Chinese names the page cannot show).
      .addColumn('evidence', 'text')
      .execute();
    for (const [name, columns] of [
      ['agreements_created_idx', ['created_at']],
      ['agreements_status_created_idx', ['status', 'created_at']],
      ['agreements_customer_idx', ['customer_id', 'created_at']],
    ] as const) {
      await db.schema
        .createIndex(name)
        .on('agreements')
        .columns([...columns])
        .execute();
    }

    // Signatures uploaded through a link, so confirming can only use one uploaded for the same agreement.
    await db.schema
      .createTable('agreement_uploads')
      .addColumn('file_id', 'varchar(40)', (c) => c.primaryKey().references('files.id').onDelete('cascade'))
      .addColumn('agreement_id', 'integer', (c) =>
        c.notNull().references('agreements.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('agreement_uploads_agreement_idx')
      .on('agreement_uploads')
      .column('agreement_id')
      .execute();
  },
};
