import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../db/schema.ts';

export interface AuditStep {
  from: unknown;
  to: unknown;
}

/** A record's audit rows, oldest first, with their "from" and "to" states parsed (optionally one action's only). */
export async function auditChain(
  db: Kysely<DB>,
  entity: { type: string; id: number | string; action?: string },
): Promise<AuditStep[]> {
  let query = db
    .selectFrom('audit_log')
    .select(['from_state', 'to_state'])
    .where('entity_type', '=', entity.type)
    .where('entity_id', '=', String(entity.id));
  if (entity.action !== undefined) query = query.where('action', '=', entity.action);
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => ({
    from: JSON.parse(row.from_state ?? 'null'),
    to: JSON.parse(row.to_state ?? 'null'),
  }));
}

/** Each step starts where the one before it ended: no edit was audited from a stale read. */
export function expectUnbrokenChain(steps: readonly AuditStep[]): void {
  for (let index = 1; index < steps.length; index += 1) {
    expect(steps[index]?.from, `audit row ${index}`).toEqual(steps[index - 1]?.to);
  }
}
