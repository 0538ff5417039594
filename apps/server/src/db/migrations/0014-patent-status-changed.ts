import { type Migration, sql } from 'kysely';
import type { AnyDb } from '../columns.ts';

/**
 * When a patent order entered its current status: the reviewer's queue orders by time waiting. `updated_at` moves on
 * every saved record, so it cannot say this. Existing orders take their newest status move from the audit log, else
 * their creation time.
 */
export const patentStatusChanged: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('patent_orders').addColumn('status_changed_at', 'varchar(30)').execute();
    await sql`
      update patent_orders set status_changed_at = coalesce(
        (select max(audit_log.created_at) from audit_log
          where audit_log.entity_type = 'patent_order'
            and audit_log.entity_id = cast(patent_orders.id as varchar(20))
            and audit_log.to_state = cast(patent_orders.status as varchar(20))
            and audit_log.action <> 'patent.correctOfficeActionDeadline'),
        patent_orders.created_at)
    `.execute(db);
    await db.schema
      .createIndex('patent_orders_status_changed_idx')
      .on('patent_orders')
      .columns(['status', 'status_changed_at'])
      .execute();
  },
};
