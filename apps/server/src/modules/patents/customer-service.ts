import type { CurrentUser } from '@kxt/contracts/auth';
import type { StoredFile } from '@kxt/contracts/files';
import {
  customerStatusTabs,
  type PatentListQuery,
  type PatentRow,
  type RejectReason,
} from '@kxt/contracts/patents';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { FileStorage } from '../files/storage.ts';
import { discardFile } from './attachments.ts';
import { extrasOf, filtersOf, listOrders, ownOrder } from './orders.ts';
import { isRefunded } from './refunds.ts';
import { listCountries, rejectReasonsOf } from './repository.ts';
import { toPatentRow } from './row.ts';
import { type AuditActor, applyTransition, assertCanTransition, notAllowedAt } from './transitions.ts';

export interface PatentDeps {
  db: Kysely<DB>;
  storage: FileStorage;
}

/** The customer's own orders (their company's), paged, with the customer's status tabs. */
export async function customerPatentList(
  db: Kysely<DB>,
  user: CurrentUser,
  query: PatentListQuery,
  language: string,
  allLabel: string,
) {
  const { orders, extras, total, obj } = await listOrders(
    db,
    query,
    { ...filtersOf(query), customerId: user.customerId ?? -1 },
    customerStatusTabs(query.countryId),
    language,
    allLabel,
  );
  return { rows: orders.map((order) => toPatentRow(order, extras(order), language, 'customer')), total, obj };
}

export async function customerPatentDetail(
  db: Kysely<DB>,
  user: CurrentUser,
  id: number,
  language: string,
): Promise<PatentRow> {
  const order = await ownOrder(db, user, id);
  const extras = await extrasOf(db, [order]);
  return toPatentRow(order, extras(order), language, 'customer');
}

/** `{ "1": "美国", … }` in the caller's language. */
export async function patentCountryNames(db: Kysely<DB>, language: string): Promise<Record<string, string>> {
  const countries = await listCountries(db);
  const english = language.startsWith('en');
  return Object.fromEntries(
    countries.map((country) => [String(country.id), english ? country.name_en : country.name_zh]),
  );
}

export async function rejectReasons(
  db: Kysely<DB>,
  orderId: number,
  status?: number,
): Promise<RejectReason[]> {
  const rows = await rejectReasonsOf(db, orderId, status);
  return rows.map((row) => ({
    id: row.id,
    createTime: row.created_at,
    operator: row.operator ?? '',
    content: row.content,
    status: row.status,
  }));
}

export async function customerRejectReasons(db: Kysely<DB>, user: CurrentUser, id: number, status?: number) {
  const order = await ownOrder(db, user, id);
  return rejectReasons(db, order.id, status);
}

/** Whether the order was refunded: the upload flow stops there (spec §4). */
export async function refundCheck(db: Kysely<DB>, user: CurrentUser, id: number) {
  const order = await ownOrder(db, user, id);
  return { refunded: isRefunded(order), status: order.status };
}

/**
 * The customer's reply to an office action: allowed at 5, and at -2 when an earlier package exists (a re-upload).
 * The file is read only once the order may take it, is kept under the `reply-package` purpose's rules, and is
 * dropped again if the order moved meanwhile.
 */
export async function uploadReplyPackage(
  deps: PatentDeps,
  user: CurrentUser,
  id: number,
  receive: () => Promise<StoredFile>,
  actor: AuditActor,
) {
  const order = await ownOrder(deps.db, user, id);
  assertCanTransition('uploadReply', order.status, 'customer');
  if (order.status === -2 && !order.answer_file_id) throw notAllowedAt(order.status, [5]);
  const file = await receive();
  try {
    const status = await deps.db.transaction().execute((trx) =>
      applyTransition(
        trx,
        order,
        'uploadReply',
        { role: 'customer', audit: actor },
        {
          set: { answer_file_id: file.id },
        },
      ),
    );
    return { answerDataUrl: file.url, status };
  } catch (error) {
    await discardFile(deps, file.id);
    throw error;
  }
}
