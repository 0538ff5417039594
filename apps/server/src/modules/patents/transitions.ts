import {
  canTransition,
  PATENT_TRANSITIONS,
  type PatentActor,
  type PatentRecordAction,
  type PatentStatus,
  type PatentTransition,
  patentStatusLabel,
  transitionTarget,
} from '@kxt/contracts/patents';
import type { Role } from '@kxt/contracts/roles';
import type { Kysely, Updateable } from 'kysely';
import { selectForUpdate } from '../../db/locks.ts';
import type { DB, PatentOrdersTable } from '../../db/schema.ts';
import { conflict, forbidden, HttpError } from '../../http-error.ts';
import { nowIso } from '../../lib/time.ts';
import type { Locale, LocalizedParam } from '../../locales/translate.ts';
import { type AuditEntry, recordAudit } from '../audit/audit.ts';
import { publishEvent } from '../notifications/events.ts';

/** Who changed an order, as the audit log records it. */
export type AuditActor = Pick<AuditEntry, 'actorUserId' | 'actorLabel' | 'ip' | 'userAgent'>;

export interface TransitionActor {
  role: PatentActor;
  audit: AuditActor;
}

/** The transition table's actor for a logged-in user; other staff roles make no patent moves. */
export function patentActorOf(role: Role): PatentActor {
  if (role === 'customer' || role === 'reviewer' || role === 'admin') return role;
  throw forbidden();
}

function statusNames(statuses: readonly number[]): LocalizedParam {
  const names = (locale: Locale, separator: string) =>
    statuses.map((status) => patentStatusLabel(status, locale)).join(separator);
  return { 'zh-CN': names('zh-CN', '、'), 'en-US': names('en-US', ', ') };
}

/** The 409 for a step taken at the wrong status, naming the order's status and the statuses the step needs. */
export function notAllowedAt(status: number, allowed: readonly number[]) {
  return conflict('patent.transitionNotAllowed', {
    status: statusNames([status]),
    allowed: statusNames(allowed),
  });
}

/** Refuses (409) a move the transition table does not allow from this status for this actor, saying why. */
export function assertCanTransition(transition: PatentTransition, from: number, actor: PatentActor) {
  if (canTransition(transition, from, actor)) return;
  const rule = PATENT_TRANSITIONS[transition];
  if ((rule.from as readonly number[]).includes(from)) throw conflict('patent.transitionNotYours');
  throw notAllowedAt(from, rule.from);
}

/**
 * The one way an order changes status: the move must be in PATENT_TRANSITIONS for this status and actor (409), carry
 * a reason where the table asks for one (400), and find the order still in the status it was read in
 * (compare-and-set; 409 when someone else moved it first). The audit row and the notification event are written in
 * the same transaction, so callers pass theirs.
 */
export async function applyTransition(
  trx: Kysely<DB>,
  order: { id: number; status: number; country_id: number },
  transition: PatentTransition,
  actor: TransitionActor,
  options: { reason?: string | null; set?: Updateable<PatentOrdersTable> } = {},
): Promise<PatentStatus> {
  assertCanTransition(transition, order.status, actor.role);
  const rule = PATENT_TRANSITIONS[transition];
  const reason = options.reason?.trim() || null;
  if ('reason' in rule && rule.reason && !reason) {
    throw new HttpError(400, 'patent.reasonRequired', {}, { reason: 'patent.reasonRequired' });
  }
  const to = transitionTarget(transition, order.country_id);
  const at = nowIso();
  const result = await trx
    .updateTable('patent_orders')
    .set({ ...options.set, status: to, updated_at: at, status_changed_at: at })
    .where('id', '=', order.id)
    .where('status', '=', order.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw conflict('patent.statusChanged');
  await recordAudit(trx, {
    ...actor.audit,
    action: `patent.${transition}`,
    entityType: 'patent_order',
    entityId: order.id,
    from: order.status,
    to,
    reason,
  });
  await publishEvent(trx, {
    name: 'patent.moved',
    orderId: order.id,
    transition,
    from: order.status,
    to,
    reason,
    byStaff: actor.role === 'reviewer' || actor.role === 'admin',
  });
  return to;
}

/** Columns a deadline is worked out from (`deadlines/sources.ts`): saving one resyncs the order's deadlines. */
const DEADLINE_FIELDS: readonly (keyof PatentOrdersTable)[] = [
  'oa_abort_answer_time',
  'renewal_time',
  'authorization_amount',
  'filing_receipt',
  'us_filing',
  'registration',
  'certificate_time',
];

/**
 * A change that keeps the status (saved records, notices): written only while the order is still in the status it
 * was read in (else 409, nothing changed), and audited.
 */
export async function saveOrderFields(
  trx: Kysely<DB>,
  order: { id: number; status: number },
  set: Updateable<PatentOrdersTable>,
  action: PatentRecordAction,
  actor: AuditActor,
  detail?: string | Pick<AuditEntry, 'from' | 'to' | 'reason'>,
) {
  const result = await trx
    .updateTable('patent_orders')
    .set({ ...set, updated_at: nowIso() })
    .where('id', '=', order.id)
    .where('status', '=', order.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw conflict('patent.statusChanged');
  if (DEADLINE_FIELDS.some((field) => field in set)) {
    await publishEvent(trx, { name: 'deadlines.changed', orderId: order.id });
  }
  await recordAudit(trx, {
    ...actor,
    action: `patent.${action}`,
    entityType: 'patent_order',
    entityId: order.id,
    ...(typeof detail === 'object' ? detail : { reason: detail ?? null }),
  });
}

/**
 * The order as it is now, locked until the transaction ends, for a change whose rule reads more than the status (a
 * draft kept only while the order takes drafts, a certificate only on a submitted registration): the compare-and-set
 * on the status alone would not see a field changed meanwhile. 409 when the order has moved since it was read.
 */
export async function lockOrderInStatus(trx: Kysely<DB>, order: { id: number; status: number }) {
  const current = await selectForUpdate(
    trx,
    trx.selectFrom('patent_orders').selectAll().where('id', '=', order.id),
  ).executeTakeFirst();
  if (current?.status !== order.status) throw conflict('patent.statusChanged');
  return current;
}
