import type { CurrentUser } from '@kxt/contracts/auth';
import { type PatentListQuery, type PatentStatusCount, patentStatusLabel } from '@kxt/contracts/patents';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http-error.ts';
import {
  additionalRules,
  findPatentOrder,
  latestOfficeActions,
  listPatentOrders,
  materialsOf,
  type PatentListFilters,
  type PatentOrderJoined,
} from './repository.ts';
import type { RowExtras } from './row.ts';

/** An order the customer's company owns; anyone else's is a 404, so its existence is not revealed. */
export async function ownOrder(db: Kysely<DB>, user: CurrentUser, id: number): Promise<PatentOrderJoined> {
  const order = await findPatentOrder(db, id);
  if (!order || user.customerId === null || order.customer_id !== user.customerId) throw notFound();
  return order;
}

export async function anyOrder(db: Kysely<DB>, id: number): Promise<PatentOrderJoined> {
  const order = await findPatentOrder(db, id);
  if (!order) throw notFound();
  return order;
}

/** What the rows of these orders show from other tables: newest office action, materials, additional rules. */
export async function extrasOf(db: Kysely<DB>, orders: PatentOrderJoined[]) {
  const ids = orders.map((order) => order.id);
  const [officeActions, materials, rules] = await Promise.all([
    latestOfficeActions(db, ids),
    materialsOf(db, ids),
    additionalRules(db),
  ]);
  return (order: PatentOrderJoined): RowExtras => ({
    officeAction: officeActions.get(order.id),
    materials: materials.get(order.id),
    rules,
  });
}

/** The filters of a list query other than the status tab and paging. */
export function filtersOf(query: PatentListQuery & { customerId?: number }): PatentListFilters {
  return {
    customerId: query.customerId,
    countryId: query.countryId,
    applyName: query.applyName,
    searchValue: query.searchValue,
    serviceCode: query.serviceCode,
  };
}

/** The statuses a list query narrows to: `status` and `statusList` together mean both must hold. */
function chosenStatuses(query: Pick<PatentListQuery, 'status' | 'statusList'>): number[] | undefined {
  if (query.status === undefined) return query.statusList;
  return query.statusList ? query.statusList.filter((status) => status === query.status) : [query.status];
}

/**
 * A page of orders and the tab counts (`obj`): 全部 first with status null, then each tab's status. Counts are taken
 * under every filter except the chosen status.
 */
export async function listOrders(
  db: Kysely<DB>,
  query: PatentListQuery,
  filters: PatentListFilters,
  tabs: readonly number[],
  language: string,
  allLabel: string,
) {
  const { rows, counts, total } = await listPatentOrders(db, filters, chosenStatuses(query), query);
  const obj: PatentStatusCount[] = [
    { statusName: allLabel, status: null, count: counts.get('all') ?? 0 },
    ...tabs.map((status) => ({
      statusName: patentStatusLabel(status, language),
      status,
      count: counts.get(String(status)) ?? 0,
    })),
  ];
  return { orders: rows, extras: await extrasOf(db, rows), total, obj };
}
