import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http-error.ts';
import { DAY, isoAfter, nowIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/audit.ts';
import { registerPaymentKind } from '../payments/kinds.ts';
import { cancelWatchRow } from './repository.ts';

const YEAR = 365 * DAY;

/** The catalogue's watch product: the price of one mark in one country or region for its years. */
export function watchProduct(db: Kysely<DB>) {
  return db
    .selectFrom('services')
    .select(['id', 'name', 'name_en', 'price', 'currency', 'watch_region_years'])
    .where('active', '=', 1)
    .where('watch_region_years', 'is not', null)
    .orderBy('id')
    .executeTakeFirst();
}

/** What `years` of a watch over `regions` countries cost, from the catalogue; null when nothing sells watch time. */
export async function watchPrice(db: Kysely<DB>, regions: number, years = 1) {
  const product = await watchProduct(db);
  if (!product?.watch_region_years) return null;
  return {
    amount: Number(product.price) * regions * Math.ceil(years / product.watch_region_years),
    currency: product.currency,
    years,
  };
}

/**
 * Paying for a watch (issue #21): `quantity` years of it, in every country it watches, priced from the catalogue. A
 * watch waiting for payment starts when paid; a running one (trial or paid) is extended from its end date, an ended
 * one starts again from the payment. A cancelled watch is not sold (409); another company's is a 404.
 */
registerPaymentKind('watch', {
  async quote(deps, user, body) {
    const watch = await deps.db
      .selectFrom('trademark_watches')
      .select(['customer_id', 'text', 'countries', 'status'])
      .where('id', '=', body.watchId ?? 0)
      .executeTakeFirst();
    if (!watch || watch.customer_id !== user.customerId) throw notFound();
    if (watch.status === 'cancelled') throw new HttpError(409, 'watch.notPayable');
    const price = await watchPrice(deps.db, watch.countries.split(',').filter(Boolean).length, body.quantity);
    if (!price) throw new HttpError(409, 'payment.productUnavailable');
    return {
      amount: price.amount,
      currency: price.currency,
      description: `${watch.text} · ${watch.countries}`,
      subjectRef: String(body.watchId),
      customerId: watch.customer_id,
    };
  },
  async fulfil(trx, order, actor) {
    const id = Number(order.subject_ref);
    const watch = await trx
      .selectFrom('trademark_watches')
      .select(['status', 'expires_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!watch) return;
    const now = nowIso();
    const running = (watch.status === 'trial' || watch.status === 'active') && (watch.expires_at ?? '') > now;
    const from = running && watch.expires_at ? new Date(watch.expires_at) : new Date();
    const expires = isoAfter(order.quantity * YEAR, from);
    await trx
      .updateTable('trademark_watches')
      .set({
        status: 'active',
        starts_at: running ? undefined : now,
        expires_at: expires,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, {
      ...actor,
      action: 'watch.paid',
      entityType: 'trademark_watch',
      entityId: id,
      from: `${watch.status} ${watch.expires_at ?? ''}`.trim(),
      to: `active ${expires}`,
      reason: `payment ${order.order_no}`,
    });
  },
  async refunded(trx, order, actor, reason) {
    await cancelWatchRow(trx, Number(order.subject_ref), {
      ...actor,
      reason: reason ?? `refund ${order.order_no}`,
    });
  },
});
