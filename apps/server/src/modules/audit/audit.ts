import type { AuditEntryView } from '@kxt/contracts/audit';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';

export interface AuditEntry {
  actorUserId?: number | null;
  /** Who acted when it is not a user: `public-link`, `system`, `payment-provider`. */
  actorLabel?: string | null;
  action: string;
  entityType: string;
  entityId: string | number;
  from?: string | number | null;
  to?: string | number | null;
  reason?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? null : String(value);

/**
 * Appends one row to the audit log. Pass the transaction when the change itself runs in one, so the record and the
 * change land together or not at all. Rows are never updated or deleted.
 */
export async function recordAudit(db: Kysely<DB>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId ?? null,
      actor_label: entry.actorLabel ?? null,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: String(entry.entityId),
      from_state: text(entry.from),
      to_state: text(entry.to),
      reason: entry.reason ?? null,
      ip: entry.ip ?? null,
      user_agent: entry.userAgent?.slice(0, 500) ?? null,
      created_at: nowIso(),
    })
    .execute();
}

/** An entity's audit trail, oldest first, with the actor's username where there is one. */
export async function listAudit(
  db: Kysely<DB>,
  entityType: string,
  entityId: string | number,
): Promise<AuditEntryView[]> {
  const rows = await db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.actor_user_id')
    .select([
      'audit_log.id',
      'audit_log.action',
      'audit_log.from_state',
      'audit_log.to_state',
      'audit_log.reason',
      'audit_log.ip',
      'audit_log.user_agent',
      'audit_log.created_at',
      'audit_log.actor_label',
      'users.username as actor_username',
    ])
    .where('audit_log.entity_type', '=', entityType)
    .where('audit_log.entity_id', '=', String(entityId))
    .orderBy('audit_log.id')
    .execute();
  return rows.map((entry) => ({
    id: entry.id,
    action: entry.action,
    from: entry.from_state,
    to: entry.to_state,
    reason: entry.reason,
    actor: entry.actor_username ?? entry.actor_label,
    ip: entry.ip,
    userAgent: entry.user_agent,
    createdAt: entry.created_at,
  }));
}
