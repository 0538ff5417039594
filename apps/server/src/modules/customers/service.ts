import {
  CUSTOMER_STATUSES,
  type CustomerExportQuery,
  type CustomerListQuery,
  type CustomerPatch,
} from '@kxt/contracts/customers';
import { isStaffRole } from '@kxt/contracts/roles';
import type { ListDeps } from '../../context.ts';
import { HttpError, notFound } from '../../http-error.ts';
import type { Actor } from '../../lib/actor.ts';
import type { RowChange } from '../../lib/bulk.ts';
import { toStatusTabList } from '../../lib/list.ts';
import { nowIso } from '../../lib/time.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';
import { recordAudit } from '../audit/audit.ts';
import {
  countCustomerExport,
  customerExportBatches,
  findCustomerForUpdate,
  listCustomers,
  updateCustomer,
} from './repository.ts';

export async function customerList(deps: ListDeps, query: CustomerListQuery, t: (key: MessageKey) => string) {
  const { rows, counts, total } = await listCustomers(deps.db, query, deps.countCache);
  const statusTabList = toStatusTabList(counts, CUSTOMER_STATUSES, (status) =>
    t(status === 'all' ? 'tab.all' : (`customerStatus.${status}` as MessageKey)),
  );
  return { rows, total, statusTabList };
}

/**
 * What an export of the list holds: the rows named by `ids` (every one must exist, else 404 and nothing is sent),
 * or every row the filters match, counted first so the file's size is known and bounded.
 */
export async function customerExport(deps: ListDeps, query: CustomerExportQuery) {
  const { format: _format, columns: _columns, ids, timeZone: _zone, ...filters } = query;
  const selected = ids ? [...new Set(ids)] : undefined;
  const total = await countCustomerExport(deps.db, filters, selected);
  if (selected && total < selected.length) throw new HttpError(404, 'export.unknownRows');
  return { total, batches: customerExportBatches(deps.db, filters, selected) };
}

/**
 * Inline edit of a customer by staff; the change and its old values go to the audit log. The old values are read
 * under a lock, so of edits sent together each records the value the previous one wrote.
 */
export async function patchCustomer(
  deps: ListDeps,
  id: number,
  patch: CustomerPatch,
  actor: Actor,
): Promise<RowChange> {
  const change = await deps.db.transaction().execute(async (trx): Promise<RowChange> => {
    const before = await findCustomerForUpdate(trx, id);
    if (!before) throw notFound();
    // Nothing to write or audit (a bulk change meeting a customer already as asked, a replayed edit).
    if (sameValues(pick(before, patch), patch)) return 'unchanged';
    if (patch.ownerUserId) {
      const owner = await trx
        .selectFrom('users')
        .select(['role', 'disabled'])
        .where('id', '=', patch.ownerUserId)
        .executeTakeFirst();
      if (!owner || owner.disabled || !isStaffRole(owner.role)) {
        throw new HttpError(400, 'customer.ownerInvalid', {}, { ownerUserId: 'customer.ownerInvalid' });
      }
    }
    await updateCustomer(trx, id, patch, nowIso());
    await recordAudit(trx, {
      ...actor,
      action: 'customer.update',
      entityType: 'customer',
      entityId: id,
      from: JSON.stringify(pick(before, patch)),
      to: JSON.stringify(patch),
    });
    return 'done';
  });
  if (change === 'done') deps.countCache.invalidate();
  return change;
}

/** The stored value and the patch's agree (flags are stored as 0/1 and patched as booleans). */
function sameValues(stored: Record<string, unknown>, patch: CustomerPatch): boolean {
  const asStored = (value: unknown) => (typeof value === 'boolean' ? Number(value) : (value ?? null));
  return Object.entries(patch).every(([key, value]) => asStored(stored[key]) === asStored(value));
}

const COLUMN_OF: Record<keyof CustomerPatch, string> = {
  contactName: 'contact_name',
  phone: 'phone',
  email: 'email',
  country: 'country',
  ownerUserId: 'owner_user_id',
  isArrears: 'is_arrears',
  suspend: 'suspend',
};

/** The old values of the fields a patch changes, for the audit row. */
function pick(row: Record<string, unknown>, patch: CustomerPatch) {
  return Object.fromEntries(
    Object.keys(patch).map((key) => [key, row[COLUMN_OF[key as keyof CustomerPatch]]]),
  );
}
