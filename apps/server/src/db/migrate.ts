import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { foundation } from './migrations/0001-foundation.ts';
import { serviceLists } from './migrations/0002-service-lists.ts';
import { agreements } from './migrations/0003-agreements.ts';
import { trademarks } from './migrations/0004-trademarks.ts';
import { patents } from './migrations/0005-patents.ts';
import { payments } from './migrations/0006-payments.ts';
import { paymentRefunds } from './migrations/0007-payment-refunds.ts';
import { demoSeed } from './migrations/0008-demo-seed.ts';
import { markDesignations } from './migrations/0009-mark-designations.ts';
import { paymentReferences } from './migrations/0010-payment-references.ts';
import { bilingualTexts } from './migrations/0011-bilingual-texts.ts';
import { searchReuse } from './migrations/0012-search-reuse.ts';
import { notifications } from './migrations/0013-notifications.ts';
import { patentStatusChanged } from './migrations/0014-patent-status-changed.ts';
import { generatedMarks } from './migrations/0015-generated-marks.ts';
import { deadlines } from './migrations/0016-deadlines.ts';
import { accountsAdmin } from './migrations/0017-accounts-admin.ts';
import { selfServiceAccounts } from './migrations/0018-self-service-accounts.ts';
import { signerIdentity } from './migrations/0019-signer-identity.ts';
import { sealedAgreements } from './migrations/0020-sealed-agreements.ts';
import { listExport } from './migrations/0021-list-export.ts';
import { trademarkImports } from './migrations/0022-trademark-imports.ts';
import { trademarkFeeds } from './migrations/0025-trademark-feeds.ts';
import { trademarkWatches } from './migrations/0026-trademark-watches.ts';
import { tableViews } from './migrations/0027-table-views.ts';
import { bornOverdue } from './migrations/0028-born-overdue.ts';
import { customerNameGrams } from './migrations/0029-customer-name-grams.ts';
import { notificationParams } from './migrations/0030-notification-params.ts';
import type { DB } from './schema.ts';

/**
 * Migrations are listed here in order rather than read from a folder, so they run the same under tsx, Vitest and a
 * bundler. Names sort in the order they must run.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-service-lists': serviceLists,
  '0003-agreements': agreements,
  '0004-trademarks': trademarks,
  '0005-patents': patents,
  '0006-payments': payments,
  '0007-payment-refunds': paymentRefunds,
  '0008-demo-seed': demoSeed,
  '0009-mark-designations': markDesignations,
  '0010-payment-references': paymentReferences,
  '0011-bilingual-texts': bilingualTexts,
  '0012-search-reuse': searchReuse,
  '0013-notifications': notifications,
  '0014-patent-status-changed': patentStatusChanged,
  '0015-generated-marks': generatedMarks,
  '0016-deadlines': deadlines,
  '0017-accounts-admin': accountsAdmin,
  '0018-self-service-accounts': selfServiceAccounts,
  '0019-signer-identity': signerIdentity,
  '0020-sealed-agreements': sealedAgreements,
  '0021-list-export': listExport,
  '0022-trademark-imports': trademarkImports,
  '0025-trademark-feeds': trademarkFeeds,
  '0026-trademark-watches': trademarkWatches,
  '0027-table-views': tableViews,
  '0028-born-overdue': bornOverdue,
  '0029-customer-name-grams': customerNameGrams,
  '0030-notification-params': notificationParams,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * Brings the schema up to date. On PostgreSQL the migration tables are named with their schema: Kysely otherwise
 * finds another schema's lock table and skips creating its own.
 */
export async function migrateToLatest(db: Kysely<DB>, schema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
}
