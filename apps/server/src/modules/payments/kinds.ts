import type { CurrentUser } from '@kxt/contracts/auth';
import type { PaymentKind, PrepareTransferInput } from '@kxt/contracts/payments';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB, PaymentOrderRow, ServicesTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import type { AuditEntry } from '../audit/audit.ts';
import { openServiceItem } from '../service-items/service.ts';
import { grantSearches } from '../trademarks/quota.ts';

/** Who a fulfilment is recorded against: finance approving a transfer, or the provider that reported the payment. */
export type PaymentActor = Pick<AuditEntry, 'actorUserId' | 'actorLabel' | 'ip' | 'userAgent'>;

/** The server's own price of what is being paid for, and whose it is. */
export interface PaymentQuote {
  /** Integer minor units of `currency`, for the whole quantity. */
  amount: number;
  currency: string;
  description: string;
  /** The serviceCode or product id the order is about, as stored on the order. */
  subjectRef: string;
  customerId: number;
}

export type PaymentKindDeps = Pick<AppContext, 'db' | 'config'>;

/**
 * What one kind of payment needs: pricing and ownership before an order exists, and delivery once it is paid.
 * Modules plug theirs in with `registerPaymentKind`; the patent module registers 'patent-fee'.
 */
export interface PaymentKindHandler {
  /**
   * Prices the request from the server's own data. Throws 404 for a subject the user's company does not own and
   * 409 when the subject is not payable in its current state.
   */
  quote(deps: PaymentKindDeps, user: CurrentUser, body: PrepareTransferInput): Promise<PaymentQuote>;
  /** Delivers what was paid for. Runs exactly once, in the transaction that marks the order paid. */
  fulfil(trx: Kysely<DB>, order: PaymentOrderRow, actor: PaymentActor): Promise<void>;
  /** At most one paid (or submitted) order per subject, as for a patent fee; purchases may repeat. */
  oncePerSubject?: boolean;
  /**
   * What stops when finance records that the money went back. Runs in the transaction that marks the order
   * refunded; not for a payment flagged as paying a once-only subject twice, whose subject the other one paid.
   */
  refunded?(
    trx: Kysely<DB>,
    order: PaymentOrderRow,
    actor: PaymentActor,
    reason: string | null,
  ): Promise<void>;
}

const handlers = new Map<PaymentKind, PaymentKindHandler>();

/**
 * Sets the handler of a kind (undefined takes it away); answers a function that puts back what was there before, so
 * a test can stand in for a module's handler and leave the real one in place afterwards.
 */
export function registerPaymentKind(kind: PaymentKind, handler: PaymentKindHandler | undefined): () => void {
  const previous = handlers.get(kind);
  const set = (value: PaymentKindHandler | undefined) =>
    value ? handlers.set(kind, value) : handlers.delete(kind);
  set(handler);
  return () => {
    if (handlers.get(kind) === handler) set(previous);
  };
}

/** The handler of a kind; a kind nobody registered is "not payable" (409). */
export function paymentKind(kind: PaymentKind): PaymentKindHandler {
  const handler = handlers.get(kind);
  if (!handler) throw new HttpError(409, 'payment.notPayable');
  return handler;
}

// ---- Catalogue purchases: a service item, or a trademark search pack ----

async function catalogueProduct(db: Kysely<DB>, productId: number) {
  const product = await db
    .selectFrom('services')
    .selectAll()
    .where('id', '=', productId)
    .where('active', '=', 1)
    // Watch time is bought from a watch (kind 'watch'), never as a product of its own.
    .where('watch_region_years', 'is', null)
    .executeTakeFirst();
  if (!product) {
    throw new HttpError(409, 'payment.productUnavailable', {}, { productId: 'payment.productUnavailable' });
  }
  return product;
}

/** A customer buys for their own company; staff have no company to buy for. */
function payerCompany(user: CurrentUser): number {
  if (user.customerId === null) throw new HttpError(403, 'forbidden');
  return user.customerId;
}

/** Which catalogue kind a product is: a search pack grants searches, anything else opens a service item. */
export async function catalogueKindOf(db: Kysely<DB>, productId: number): Promise<PaymentKind> {
  const product = await catalogueProduct(db, productId);
  return product.grants_searches === null ? 'service-purchase' : 'search-pack';
}

const quoteProduct =
  (expectPack: boolean) =>
  async (deps: PaymentKindDeps, user: CurrentUser, body: PrepareTransferInput): Promise<PaymentQuote> => {
    const product = await catalogueProduct(deps.db, body.productId ?? 0);
    if ((product.grants_searches !== null) !== expectPack)
      throw new HttpError(409, 'payment.productUnavailable');
    return {
      amount: Number(product.price) * body.quantity,
      currency: product.currency,
      description: product.name,
      subjectRef: String(product.id),
      customerId: payerCompany(user),
    };
  };

/** What opening a purchased service also means in one category (the patent module opens a patent order). */
export type ServiceOpenedListener = (
  trx: Kysely<DB>,
  opened: {
    product: Selectable<ServicesTable>;
    serviceItem: { id: number; serviceCode: string };
    order: PaymentOrderRow;
    actor: PaymentActor;
  },
) => Promise<void>;

const serviceOpenedListeners = new Map<number, ServiceOpenedListener>();

/** Sets what a paid purchase of a category's service also opens, in the same transaction. */
export function onServiceOpened(categoryId: number, listener: ServiceOpenedListener) {
  serviceOpenedListeners.set(categoryId, listener);
}

/** What a refunded purchase of a category's service stops (the patent module stops the patent orders it opened). */
export type ServiceRefundedListener = (
  trx: Kysely<DB>,
  refunded: { order: PaymentOrderRow; actor: PaymentActor; reason: string | null },
) => Promise<void>;

const serviceRefundedListeners = new Map<number, ServiceRefundedListener>();

/** Sets what a refunded purchase of a category's service stops, in the transaction that records the refund. */
export function onServiceRefunded(categoryId: number, listener: ServiceRefundedListener) {
  serviceRefundedListeners.set(categoryId, listener);
}

/**
 * A service from the catalogue: paying opens one service item per unit for the customer's company, and whatever
 * the service's category adds (a patent order for a patent service).
 */
export const servicePurchase: PaymentKindHandler = {
  quote: quoteProduct(false),
  async fulfil(trx, order, actor) {
    // Paid is paid: a product taken off the catalogue since still opens its item.
    const product = await trx
      .selectFrom('services')
      .selectAll()
      .where('id', '=', Number(order.subject_ref))
      .executeTakeFirstOrThrow();
    const opened = serviceOpenedListeners.get(product.category_id);
    for (let unit = 0; unit < order.quantity; unit += 1) {
      const serviceItem = await openServiceItem(
        trx,
        product,
        { customerId: order.customer_id, remark: order.mark },
        { ...actor, reason: `payment ${order.order_no}` },
      );
      await opened?.(trx, { product, serviceItem, order, actor });
    }
  },
  async refunded(trx, order, actor, reason) {
    const product = await trx
      .selectFrom('services')
      .select('category_id')
      .where('id', '=', Number(order.subject_ref))
      .executeTakeFirst();
    const listener = product ? serviceRefundedListeners.get(product.category_id) : undefined;
    await listener?.(trx, { order, actor, reason });
  },
};

/** A trademark search pack: paying adds its searches, times the quantity, to the company's allowance. */
export const searchPack: PaymentKindHandler = {
  quote: quoteProduct(true),
  async fulfil(trx, order) {
    const product = await trx
      .selectFrom('services')
      .select('grants_searches')
      .where('id', '=', Number(order.subject_ref))
      .executeTakeFirstOrThrow();
    await grantSearches(trx, order.customer_id, (product.grants_searches ?? 0) * order.quantity);
  },
};

registerPaymentKind('service-purchase', servicePurchase);
registerPaymentKind('search-pack', searchPack);
