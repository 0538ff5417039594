import { randomInt } from 'node:crypto';
import { categoryCode } from '@kxt/contracts/business';
import {
  type NewServiceItem,
  SERVICE_ITEM_STATUSES,
  type ServiceItemExportQuery,
  type ServiceItemListQuery,
  type ServiceItemPatch,
} from '@kxt/contracts/service-items';
import type { Kysely, Selectable } from 'kysely';
import type { ListDeps } from '../../context.ts';
import type { DB, ServiceItemsTable, ServicesTable } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http-error.ts';
import type { Actor } from '../../lib/actor.ts';
import type { RowChange } from '../../lib/bulk.ts';
import { toStatusTabList, utcDate } from '../../lib/list.ts';
import { nowIso } from '../../lib/time.ts';
import type { Locale } from '../../locales/translate.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';
import { type AuditEntry, recordAudit } from '../audit/audit.ts';
import {
  countServiceItemExport,
  findServiceItemForUpdate,
  listServiceItems,
  serviceItemExportBatches,
  updateServiceItem,
} from './repository.ts';

export async function serviceItemList(
  deps: ListDeps,
  query: ServiceItemListQuery,
  t: (key: MessageKey) => string,
  locale: Locale,
) {
  const { rows, counts, total } = await listServiceItems(deps.db, query, deps.countCache, locale);
  const statusTabList = toStatusTabList(counts, SERVICE_ITEM_STATUSES.map(String), (status) =>
    t(status === 'all' ? 'tab.all' : (`serviceItemStatus.${status}` as MessageKey)),
  );
  return { rows, total, statusTabList };
}

/**
 * What an export of the list holds: the rows named by `ids` (every one must exist, else 404 and nothing is sent),
 * or every row the filters match, counted first so the file's size is known and bounded.
 */
export async function serviceItemExport(deps: ListDeps, query: ServiceItemExportQuery, locale: Locale) {
  const { format: _format, columns: _columns, ids, timeZone: _zone, ...filters } = query;
  const today = utcDate();
  const selection = { ids: ids ? [...new Set(ids)] : undefined };
  const total = await countServiceItemExport(deps.db, filters, selection, today);
  if (selection.ids && total < selection.ids.length) throw new HttpError(404, 'export.unknownRows');
  return { total, batches: serviceItemExportBatches(deps.db, filters, selection, locale, today) };
}

function checkDates(startDate: string | null, endDate: string | null) {
  if (startDate && endDate && endDate < startDate) {
    throw new HttpError(400, 'serviceItem.datesOutOfOrder', {}, { endDate: 'serviceItem.datesOutOfOrder' });
  }
}

/** The fields an edit may change, as its audit row records them before and after. */
function editableFields(
  row: Pick<Selectable<ServiceItemsTable>, 'status' | 'start_date' | 'end_date' | 'remark'>,
) {
  return { status: row.status, startDate: row.start_date, endDate: row.end_date, remark: row.remark };
}

/**
 * An inline edit by staff. The row is read locked, so the date check and the audit row's "from" are about the row
 * the edit replaces (each audit row's "from" is the previous row's "to"), even when edits arrive together.
 */
export async function patchServiceItem(
  deps: ListDeps,
  id: number,
  patch: ServiceItemPatch,
  actor: Actor,
): Promise<RowChange> {
  const change = await deps.db.transaction().execute(async (trx): Promise<RowChange> => {
    const before = await findServiceItemForUpdate(trx, id);
    if (!before) throw notFound();
    const after = {
      status: patch.status ?? before.status,
      start_date: patch.startDate !== undefined ? patch.startDate : before.start_date,
      end_date: patch.endDate !== undefined ? patch.endDate : before.end_date,
      remark: patch.remark !== undefined ? patch.remark : before.remark,
    };
    // Nothing to write or audit (a bulk change meeting a row already as asked, a replayed edit).
    if (JSON.stringify(editableFields(after)) === JSON.stringify(editableFields(before))) return 'unchanged';
    checkDates(after.start_date, after.end_date);
    await updateServiceItem(trx, id, patch, nowIso());
    await recordAudit(trx, {
      ...actor,
      action: 'service-item.update',
      entityType: 'service_item',
      entityId: id,
      from: JSON.stringify(editableFields(before)),
      to: JSON.stringify(editableFields(after)),
    });
    return 'done';
  });
  if (change === 'done') deps.countCache.invalidate();
  return change;
}

const CODE_ATTEMPTS = 5;

/** A readable unique code: category, country, date and four random digits, e.g. VATDE2611210427. */
function serviceCodeFor(categoryId: number, country: string, date: string) {
  const prefix = (categoryCode(categoryId) ?? 'SV').toUpperCase();
  return `${prefix}${country}${date.slice(2).replaceAll('-', '')}${String(randomInt(10_000)).padStart(4, '0')}`;
}

/** Opens a new service for a customer from the catalogue (去新服务); answers the new item's id and code. */
export async function createServiceItem(deps: ListDeps, input: NewServiceItem, actor: Actor) {
  const { db } = deps;
  const customer = await db
    .selectFrom('customers')
    .select('id')
    .where('id', '=', input.customerId)
    .executeTakeFirst();
  if (!customer) throw notFound();
  const service = await db
    .selectFrom('services')
    .selectAll()
    .where('id', '=', input.serviceId)
    .where('active', '=', 1)
    .where('watch_region_years', 'is', null)
    .executeTakeFirst();
  if (!service)
    throw new HttpError(
      400,
      'serviceItem.serviceUnavailable',
      {},
      { serviceId: 'serviceItem.serviceUnavailable' },
    );
  const created = await db.transaction().execute((trx) =>
    openServiceItem(trx, service, input, {
      ...actor,
      reason: input.previousServiceCode ? `follows ${input.previousServiceCode}` : null,
    }),
  );
  deps.countCache.invalidate();
  return created;
}

/**
 * Inserts a customer's service item under a fresh unique code, with its audit row, on the caller's transaction (a
 * paid purchase opens its item in the transaction that marks the payment paid). The caller invalidates counts.
 */
export async function openServiceItem(
  trx: Kysely<DB>,
  service: Pick<Selectable<ServicesTable>, 'id' | 'category_id' | 'country' | 'type_code'>,
  input: { customerId: number; startDate?: string | undefined; remark?: string | null | undefined },
  audit: Omit<AuditEntry, 'action' | 'entityType' | 'entityId' | 'to'>,
): Promise<{ id: number; serviceCode: string }> {
  const today = utcDate();
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    const serviceCode = serviceCodeFor(service.category_id, service.country, today);
    const taken = await trx
      .selectFrom('service_items')
      .select('id')
      .where('service_code', '=', serviceCode)
      .executeTakeFirst();
    if (taken) continue;
    const at = nowIso();
    const row = await trx
      .insertInto('service_items')
      .values({
        service_code: serviceCode,
        customer_id: input.customerId,
        service_id: service.id,
        type_code: service.type_code,
        category_id: service.category_id,
        country: service.country,
        status: input.startDate && input.startDate <= today ? 2 : 1,
        start_date: input.startDate ?? null,
        end_date: null,
        remark: input.remark ?? null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      ...audit,
      action: 'service-item.create',
      entityType: 'service_item',
      entityId: row.id,
      to: serviceCode,
    });
    return { id: row.id, serviceCode };
  }
  throw new HttpError(409, 'conflict');
}
