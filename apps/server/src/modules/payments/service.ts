import { randomInt } from 'node:crypto';
import type { CurrentUser } from '@kxt/contracts/auth';
import {
  type BankAccount,
  type CreatedPayment,
  type CreatePaymentInput,
  canTransition,
  DEFAULT_RETURN_PATH,
  OPEN_PAYMENT_STATES,
  PAID_PAYMENT_STATES,
  PAY_TYPES,
  PAYER_ACCOUNT_MAX,
  PAYMENT_STATUS_OF,
  PAYMENT_TAB_STATES,
  type PaymentKind,
  type PaymentListQuery,
  type PaymentOrderView,
  type PaymentRow,
  type PaymentState,
  type PaymentStatus,
  type PrepareTransferInput,
  type PurchasableProduct,
  type SubmitTransferBody,
  transferProblems,
} from '@kxt/contracts/payments';
import type { Kysely, Updateable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB, PaymentOrderRow, PaymentOrdersTable } from '../../db/schema.ts';
import { retryOnUniqueViolation } from '../../db/unique-retry.ts';
import { HttpError, notFound } from '../../http-error.ts';
import { toStatusTabList } from '../../lib/list.ts';
import { isoAfter, isoBefore, MINUTE, nowIso } from '../../lib/time.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';
import { recordAudit } from '../audit/audit.ts';
import { fileUrl } from '../files/service.ts';
import { publishEvent } from '../notifications/events.ts';
import { defaultPaymentConfig, type PaymentConfig } from './config.ts';
import { catalogueKindOf, type PaymentActor, paymentKind } from './kinds.ts';
import type { IncomingNotification, ProviderOrder, ProviderQuery } from './providers/provider.ts';
import { TRANSFER_PROVIDER } from './providers/provider.ts';
import type { PaymentProviders } from './providers/registry.ts';
import { newPaymentReference } from './reference.ts';
import {
  DUPLICATE_ACTION,
  findNotification,
  findOrder,
  insertNotification,
  insertOrder,
  listPayments,
  listProducts,
  lockOrdersOfSubject,
  moveOrder,
  ordersOfSubject,
  otherPaidOrder,
  setNotificationOutcome,
  staleOpenOrders,
  subjectBelongsElsewhere,
} from './repository.ts';

export interface PaymentDeps extends Pick<AppContext, 'db' | 'config' | 'countCache'> {
  providers: PaymentProviders;
}

export const paymentConfigOf = (deps: Pick<AppContext, 'config'>): PaymentConfig =>
  deps.config.payments ?? defaultPaymentConfig();

/** A late notification is one the provider still owes this long after the order started paying. */
export const LATE_NOTIFICATION_MS = 10_000;
const SWEEP_BATCH = 100;

const SYSTEM: PaymentActor = { actorLabel: 'payment-sweeper' };

export const formatMoney = (amount: number, currency: string) =>
  `${currency === 'CNY' ? '¥' : `${currency} `}${(amount / 100).toFixed(2)}`;

/** P + UTC time to the second + 8 random digits: 24 characters, unique enough and readable on a voucher. */
function newOrderNo(): string {
  const stamp = nowIso().replace(/\D/g, '').slice(0, 14);
  return `P${stamp}${String(randomInt(100_000_000)).padStart(8, '0')}`;
}

const toProviderOrder = (order: PaymentOrderRow): ProviderOrder => ({
  orderNo: order.order_no,
  amount: Number(order.amount),
  currency: order.currency,
  description: order.description,
  payType: order.pay_type,
  expiresAt: order.expires_at,
  returnUrl: order.return_url,
  providerOrderNo: order.provider_order_no,
});

// ---- transitions ----

/**
 * Moves an order with compare-and-set and audits it; on a move into a paid state the kind's fulfilment runs in
 * the same transaction, so it happens exactly once and never without the state change.
 */
async function transition(
  trx: Kysely<DB>,
  order: PaymentOrderRow,
  to: PaymentState,
  set: Updateable<PaymentOrdersTable>,
  actor: PaymentActor,
  reason: string | null = null,
): Promise<boolean> {
  if (!canTransition(order.state, to)) return false;
  const paid = PAID_PAYMENT_STATES.includes(to);
  const handler = paid ? paymentKind(order.kind) : undefined;
  const refunded = to === 'refunded' ? paymentKind(order.kind) : undefined;
  // Whether another order already paid the subject is checked below; holding the subject's orders makes a second
  // payment of the same subject wait for this one to commit, and then see it.
  if (handler?.oncePerSubject) await lockOrdersOfSubject(trx, order);
  const at = nowIso();
  if (!(await moveOrder(trx, order.order_no, order.state, to, set, at))) return false;
  await recordAudit(trx, {
    ...actor,
    action: `payment.${to}`,
    entityType: 'payment_order',
    entityId: order.order_no,
    from: order.state,
    to,
    reason,
  });
  await publishEvent(trx, { name: 'payment.moved', orderNo: order.order_no, to });
  if (handler) {
    if (handler.oncePerSubject && (await otherPaidOrder(trx, order))) {
      // Paid twice (two QR codes paid at once): the money is recorded, the subject is not delivered again.
      await recordAudit(trx, {
        ...actor,
        action: DUPLICATE_ACTION,
        entityType: 'payment_order',
        entityId: order.order_no,
        to,
        reason: 'the subject was already paid by another order: refund this one',
      });
    } else {
      await handler.fulfil(trx, { ...order, state: to, updated_at: at }, actor);
    }
  }
  // A refunded duplicate stops nothing: the subject stays paid by the other order.
  if (refunded?.refunded && !(refunded.oncePerSubject && (await otherPaidOrder(trx, order)))) {
    await refunded.refunded(trx, { ...order, state: to, updated_at: at }, actor, reason);
  }
  return true;
}

// ---- what customers see ----

export function paymentMethods(deps: PaymentDeps) {
  return deps.providers.methods();
}

/**
 * The account transfers go to: onlineType 1 uses one set, everyone else the other (spec §6); its texts in the
 * reader's language where the configuration has them. The account name stays as the bank knows it.
 */
export async function bankAccountFor(
  deps: PaymentDeps,
  user: CurrentUser,
  english: boolean,
): Promise<BankAccount> {
  const row = await deps.db
    .selectFrom('users')
    .select('online_type')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  const accounts = paymentConfigOf(deps).bankAccounts;
  const { en, ...account } = Number(row.online_type) === 1 ? accounts.online : accounts.standard;
  return english ? { ...account, ...en } : account;
}

function toView(order: PaymentOrderRow): PaymentOrderView {
  return {
    orderNo: order.order_no,
    reference: order.reference,
    kind: order.kind,
    subjectRef: order.subject_ref,
    description: order.description,
    quantity: order.quantity,
    mark: order.mark,
    payType: order.pay_type,
    state: order.state,
    status: PAYMENT_STATUS_OF[order.state],
    amount: Number(order.amount),
    currency: order.currency,
    payerAccount: order.payer_account,
    voucherUrl: order.voucher_file_id ? fileUrl(order.voucher_file_id) : null,
    rejectReason: order.reject_reason,
    reviewedAt: order.reviewed_at,
    refundReason: order.refund_reason,
    refundedAt: order.refunded_at,
    expiresAt: order.expires_at,
    paidAt: order.paid_at,
    createdAt: order.created_at,
  };
}

function companyOf(user: CurrentUser): number {
  if (user.customerId === null) throw notFound();
  return user.customerId;
}

/** An order of the caller's company; anyone else's is a 404. Reads our database only (the page polls it). */
export async function ownOrder(
  deps: PaymentDeps,
  user: CurrentUser,
  orderNo: string,
): Promise<PaymentOrderView> {
  const order = await findOrder(deps.db, orderNo);
  if (!order || order.customer_id !== user.customerId) throw notFound();
  return toView(order);
}

/**
 * The order that decides a serviceCode's payment status: a paid one if any, else one awaiting finance, else a
 * refunded one, else the newest. Undefined when the company has none; a serviceCode another company pays for is a
 * 404.
 */
async function decidingOrder(deps: PaymentDeps, user: CurrentUser, serviceCode: string) {
  const customerId = companyOf(user);
  const kind: PaymentKind = 'patent-fee';
  const orders = await ordersOfSubject(deps.db, customerId, kind, serviceCode);
  if (orders.length === 0) {
    if (await subjectBelongsElsewhere(deps.db, customerId, kind, serviceCode)) throw notFound();
    return undefined;
  }
  return (
    orders.find((order) => PAID_PAYMENT_STATES.includes(order.state)) ??
    orders.find((order) => order.state === 'submitted') ??
    orders.find((order) => order.state === 'refunded') ??
    orders[0]
  );
}

/** The spec's payment status of a serviceCode (§4): null, 0, 1, 2, 3, -1 or -3, and 4 once refunded. */
export async function paymentStatus(
  deps: PaymentDeps,
  user: CurrentUser,
  serviceCode: string,
): Promise<PaymentStatus | null> {
  const order = await decidingOrder(deps, user, serviceCode);
  return order ? PAYMENT_STATUS_OF[order.state] : null;
}

/** The order behind the status, with finance's rejection or refund reason for the customer to read. */
export async function latestPayment(deps: PaymentDeps, user: CurrentUser, serviceCode: string) {
  const order = await decidingOrder(deps, user, serviceCode);
  return order ? toView(order) : null;
}

/** The active catalogue as customers buy it; names in English when the caller reads English. */
export async function productsForSale(
  deps: PaymentDeps,
  query: { categoryIdTopId?: number | undefined; country?: string | undefined },
  english: boolean,
): Promise<PurchasableProduct[]> {
  const rows = await listProducts(deps.db, query);
  return rows.map((row) => ({
    id: row.id,
    name: english ? row.name_en : row.name,
    country: row.country,
    price: Number(row.price),
    currency: row.currency,
    typeIdTopCode: row.type_code,
    categoryIdTopId: row.category_id,
    kind: row.grants_searches === null ? 'service-purchase' : 'search-pack',
    grantsSearches: row.grants_searches,
  }));
}

// ---- creating an order ----

export interface RequestOrigin {
  /** The origin the customer's browser uses, e.g. `https://portal.example.com`. */
  origin: string;
}

/** The public origin for QR links and notifications: configured, or the request's own. */
export const publicOrigin = (deps: PaymentDeps, request: RequestOrigin) =>
  paymentConfigOf(deps).publicUrl ?? request.origin;

/** A return address must stay on this site; it is kept as a path so it can never send the browser elsewhere. */
function sameOriginPath(returnUrl: string | undefined, origins: string[]): string {
  if (!returnUrl) return DEFAULT_RETURN_PATH;
  let url: URL;
  try {
    url = new URL(returnUrl, origins[0]);
  } catch {
    throw new HttpError(400, 'payment.returnUrlInvalid', {}, { returnUrl: 'payment.returnUrlInvalid' });
  }
  const allowed = origins.map((origin) => new URL(origin).origin);
  if (!allowed.includes(url.origin) || !url.pathname.startsWith('/') || url.pathname.startsWith('//')) {
    throw new HttpError(400, 'payment.returnUrlInvalid', {}, { returnUrl: 'payment.returnUrlInvalid' });
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

const VOUCHER_URL =
  /^(?:https?:\/\/[^/]+)?(?:\/api\/files\/)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The voucher must be a file this user uploaded as a voucher; anything else is a 400 naming the field. */
async function voucherOf(deps: PaymentDeps, user: CurrentUser, receiptUrl: string): Promise<string> {
  const invalid = new HttpError(400, 'payment.voucherInvalid', {}, { receiptUrl: 'payment.voucherInvalid' });
  const id = VOUCHER_URL.exec(receiptUrl.trim())?.[1]?.toLowerCase();
  if (!id) throw invalid;
  const file = await deps.db
    .selectFrom('files')
    .select(['id', 'purpose', 'owner_user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (file?.purpose !== 'voucher' || file.owner_user_id !== user.id) throw invalid;
  return file.id;
}

function checkTransfer(body: SubmitTransferBody) {
  const [problem] = transferProblems(body);
  if (!problem) return;
  const key = `payment.${problem}` as MessageKey;
  const field = problem === 'voucherRequired' ? 'receiptUrl' : 'paymentAccount';
  throw new HttpError(400, key, { max: PAYER_ACCOUNT_MAX }, { [field]: key });
}

type PaymentRequest = RequestOrigin & { ip: string; userAgent: string };

/** The server's own price of what the body pays for; the page's amount must be it (else 409: a stale price). */
async function priced(deps: PaymentDeps, user: CurrentUser, body: PrepareTransferInput) {
  if (user.customerId === null) throw new HttpError(403, 'forbidden');
  const kind: PaymentKind =
    body.watchId !== undefined
      ? 'watch'
      : body.serviceCode !== undefined
        ? 'patent-fee'
        : await catalogueKindOf(deps.db, body.productId ?? 0);
  const handler = paymentKind(kind);
  const quote = await handler.quote(deps, user, body);
  if (quote.amount !== body.payAmount) {
    throw new HttpError(409, 'payment.amountMismatch', { amount: formatMoney(quote.amount, quote.currency) });
  }
  return { kind, handler, quote };
}

/** A once-only subject (a patent fee) already paid, or waiting for finance, is not paid again (409). */
async function refuseIfSettled(
  deps: PaymentDeps,
  order: Pick<PaymentOrderRow, 'customer_id' | 'kind' | 'subject_ref'>,
) {
  if (!paymentKind(order.kind).oncePerSubject) return;
  const existing = await ordersOfSubject(deps.db, order.customer_id, order.kind, order.subject_ref);
  if (existing.some((other) => PAID_PAYMENT_STATES.includes(other.state))) {
    throw new HttpError(409, 'payment.alreadyPaid');
  }
  if (existing.some((other) => other.state === 'submitted'))
    throw new HttpError(409, 'payment.alreadySubmitted');
}

const isPendingTransfer = (order: PaymentOrderRow) =>
  order.pay_type === PAY_TYPES.transfer && order.state === 'created';

/** What a new order has not had yet: a provider order, a voucher, a review, a refund, a payment. */
const NOTHING_YET = {
  provider_order_no: null,
  state: 'created',
  payer_account: null,
  voucher_file_id: null,
  reject_reason: null,
  reviewed_by: null,
  reviewed_at: null,
  refund_reason: null,
  refunded_by: null,
  refunded_at: null,
} as const satisfies Partial<PaymentOrderRow>;

/**
 * A new order with a fresh reference, audited. A unique violation (the reference was taken, or another pending
 * transfer of the subject was just made) reaches the caller, which reads again and retries.
 */
async function insertNewOrder(
  deps: PaymentDeps,
  fields: Omit<
    PaymentOrderRow,
    'id' | 'order_no' | 'reference' | 'created_at' | 'updated_at' | keyof typeof NOTHING_YET
  >,
  actor: PaymentActor,
): Promise<PaymentOrderRow> {
  const at = nowIso();
  const order: PaymentOrderRow = {
    ...NOTHING_YET,
    ...fields,
    id: 0,
    order_no: newOrderNo(),
    reference: newPaymentReference(),
    created_at: at,
    updated_at: at,
  };
  await deps.db.transaction().execute(async (trx) => {
    const { id: _id, ...row } = order;
    await insertOrder(trx, row);
    await recordAudit(trx, {
      ...actor,
      action: 'payment.create',
      entityType: 'payment_order',
      entityId: order.order_no,
      to: order.state,
      reason: JSON.stringify({
        kind: order.kind,
        subjectRef: order.subject_ref,
        amount: order.amount,
        payType: order.pay_type,
        reference: order.reference,
      }),
    });
    // A transfer waits on finance from the start; an online order tells no one until it is paid.
    await publishEvent(trx, { name: 'payment.moved', orderNo: order.order_no, to: order.state });
  });
  deps.countCache.invalidate();
  return order;
}

const createdAnswer = (order: PaymentOrderRow): CreatedPayment => ({
  orderNo: order.order_no,
  reference: order.reference,
  payType: order.pay_type,
  state: order.state,
  expiresAt: order.expires_at,
  amount: Number(order.amount),
  currency: order.currency,
});

/** How long a prepared transfer waits for its voucher: a bank transfer can take a few days to be made. */
export const TRANSFER_PENDING_MS = 7 * 24 * 60 * MINUTE;

/**
 * The bank transfer the customer is about to make, created when the transfer tab opens so the reference can go
 * in the transfer's note before any voucher exists. Idempotent: while a transfer of the same subject, amount,
 * quantity and mark waits for its voucher, opening the tab again answers that one (same reference); another
 * pending transfer of the subject is closed, so only the newest can be submitted.
 */
export async function prepareTransfer(
  deps: PaymentDeps,
  user: CurrentUser,
  body: PrepareTransferInput,
  request: PaymentRequest,
): Promise<CreatedPayment> {
  const { kind, quote } = await priced(deps, user, body);
  const subject = { customer_id: quote.customerId, kind, subject_ref: quote.subjectRef };
  await refuseIfSettled(deps, subject);
  const mark = body.mark || null;
  const actor: PaymentActor = { actorUserId: user.id, ip: request.ip, userAgent: request.userAgent };
  // A second opening at the same moment loses on the one-pending-transfer index and, read again, finds the first.
  return retryOnUniqueViolation(async () => {
    const now = nowIso();
    for (const order of await ordersOfSubject(deps.db, quote.customerId, kind, quote.subjectRef)) {
      if (!isPendingTransfer(order)) continue;
      const same =
        Number(order.amount) === quote.amount &&
        order.currency === quote.currency &&
        order.quantity === body.quantity &&
        order.mark === mark &&
        order.expires_at > now;
      if (same) return createdAnswer(order);
      await closeOrSettle(deps, order, actor, 'superseded');
    }
    const order = await insertNewOrder(
      deps,
      {
        ...subject,
        user_id: user.id,
        description: quote.description,
        quantity: body.quantity,
        mark,
        amount: quote.amount,
        currency: quote.currency,
        pay_type: PAY_TYPES.transfer,
        provider: TRANSFER_PROVIDER,
        return_url: null,
        expires_at: isoAfter(TRANSFER_PENDING_MS),
        paid_at: null,
      },
      actor,
    );
    return createdAnswer(order);
  });
}

/**
 * The voucher of a prepared transfer: the customer's own order (else 404), still waiting for it (else 409), with
 * the payer account name and the user's own voucher (else 400 naming the field). Finance reviews it next.
 */
export async function submitTransfer(
  deps: PaymentDeps,
  user: CurrentUser,
  orderNo: string,
  body: SubmitTransferBody,
  request: Pick<PaymentRequest, 'ip' | 'userAgent'>,
): Promise<CreatedPayment> {
  const order = await findOrder(deps.db, orderNo);
  if (!order || user.customerId === null || order.customer_id !== user.customerId) throw notFound();
  if (order.pay_type !== PAY_TYPES.transfer) throw new HttpError(409, 'payment.notTransfer');
  checkTransfer(body);
  const voucherFileId = await voucherOf(deps, user, body.receiptUrl ?? '');
  await refuseIfSettled(deps, order);
  if (!isPendingTransfer(order) || order.expires_at <= nowIso()) {
    throw new HttpError(409, 'payment.transferNotPending');
  }
  const actor: PaymentActor = { actorUserId: user.id, ip: request.ip, userAgent: request.userAgent };
  const set = { payer_account: body.paymentAccount?.trim() ?? null, voucher_file_id: voucherFileId };
  const moved = await deps.db.transaction().execute((trx) => transition(trx, order, 'submitted', set, actor));
  if (!moved) throw new HttpError(409, 'payment.transferNotPending');
  deps.countCache.invalidate();
  return { ...createdAnswer(order), state: 'submitted' };
}

/**
 * Creates a payment order priced by the server. A different client amount is a 409 (the page shows a stale
 * price). A transfer with its voucher is prepared and submitted in one go (finance reviews it); online orders get
 * a QR link or a redirect from their provider. Open online orders for the same subject are closed first, so only
 * the newest QR can be paid; a prepared transfer stays, its reference may already be on its way to the bank.
 */
export async function createPayment(
  deps: PaymentDeps,
  user: CurrentUser,
  body: CreatePaymentInput,
  request: PaymentRequest,
): Promise<CreatedPayment> {
  if (body.payType === PAY_TYPES.transfer) {
    // Bad input is refused before anything is created.
    checkTransfer(body);
    await voucherOf(deps, user, body.receiptUrl ?? '');
    const prepared = await prepareTransfer(deps, user, body, request);
    return submitTransfer(deps, user, prepared.orderNo, body, request);
  }
  const { kind, quote } = await priced(deps, user, body);
  const provider = deps.providers.forPayType(body.payType);
  if (!provider) {
    throw new HttpError(400, 'payment.payTypeUnavailable', {}, { payType: 'payment.payTypeUnavailable' });
  }
  const origin = publicOrigin(deps, request);
  const returnUrl =
    body.payType === PAY_TYPES.card
      ? sameOriginPath(body.returnUrl, [...new Set([request.origin, origin])])
      : null;

  for (const open of await ordersOfSubject(deps.db, quote.customerId, kind, quote.subjectRef)) {
    if (OPEN_PAYMENT_STATES.includes(open.state) && !isPendingTransfer(open)) {
      await closeOrSettle(deps, open, SYSTEM, 'superseded');
    }
  }
  await refuseIfSettled(deps, { customer_id: quote.customerId, kind, subject_ref: quote.subjectRef });

  const actor: PaymentActor = { actorUserId: user.id, ip: request.ip, userAgent: request.userAgent };
  // A reference already taken (one in hundreds of millions) is drawn again.
  const order = await retryOnUniqueViolation(() =>
    insertNewOrder(
      deps,
      {
        customer_id: quote.customerId,
        user_id: user.id,
        kind,
        subject_ref: quote.subjectRef,
        description: quote.description,
        quantity: body.quantity,
        mark: body.mark || null,
        amount: quote.amount,
        currency: quote.currency,
        pay_type: body.payType,
        provider: provider.name,
        return_url: returnUrl,
        expires_at: isoAfter(paymentConfigOf(deps).expiryMinutes * MINUTE),
        paid_at: null,
      },
      actor,
    ),
  );
  const answer = createdAnswer(order);
  let created: Awaited<ReturnType<typeof provider.create>>;
  try {
    created = await provider.create(toProviderOrder(order), {
      origin,
      notifyUrl: `${origin}/api/payments/notify/${provider.name}`,
    });
  } catch (error) {
    await deps.db
      .transaction()
      .execute((trx) =>
        transition(trx, order, 'failed', {}, SYSTEM, `provider: ${String(error).slice(0, 300)}`),
      );
    throw new HttpError(502, 'payment.providerUnavailable');
  }
  await deps.db
    .transaction()
    .execute((trx) =>
      transition(trx, order, 'paying', { provider_order_no: created.providerOrderNo ?? null }, actor),
    );
  return {
    ...answer,
    state: 'paying',
    ...(created.qrCode ? { qrCode: created.qrCode } : {}),
    ...(created.redirectUrl ? { redirectUrl: created.redirectUrl } : {}),
  };
}

// ---- what providers report ----

export type NotificationOutcome =
  | 'applied'
  | 'no-change'
  | 'duplicate'
  | 'replayed'
  | 'invalid'
  | 'unknown-order'
  | 'amount-mismatch';

/**
 * Applies a provider's notification: only with a valid signature, once per notification id (a retry with the
 * same bytes is acknowledged and changes nothing, the same id with other content is refused), only for an order
 * of that provider and only when the amount and currency match the order.
 */
export async function receiveNotification(
  deps: PaymentDeps,
  providerName: string,
  incoming: IncomingNotification,
  client: { ip: string; userAgent: string },
): Promise<NotificationOutcome> {
  const provider = deps.providers.byName(providerName);
  if (!provider) throw notFound();
  const verified = await provider.verifyNotification(incoming);
  if (!verified) return 'invalid';
  const digest = sha256Hex(incoming.rawBody);
  const actor: PaymentActor = { actorLabel: `payment-provider:${provider.name}`, ...client };
  const outcome = await deps.db.transaction().execute(async (trx): Promise<NotificationOutcome> => {
    const id = await insertNotification(trx, {
      provider: provider.name,
      notification_id: verified.notificationId,
      order_no: verified.orderNo.slice(0, 32),
      digest,
      outcome: 'received',
      created_at: nowIso(),
    });
    if (id === undefined) {
      const earlier = await findNotification(trx, provider.name, verified.notificationId);
      if (earlier?.digest !== digest) return 'replayed';
      return earlier.outcome === 'applied' || earlier.outcome === 'no-change'
        ? 'duplicate'
        : (earlier.outcome as NotificationOutcome);
    }
    const order = await findOrder(trx, verified.orderNo);
    let result: NotificationOutcome;
    if (!order || order.provider !== provider.name) {
      result = 'unknown-order';
    } else if (verified.amount !== Number(order.amount) || verified.currency !== order.currency) {
      result = 'amount-mismatch';
      await recordAudit(trx, {
        ...actor,
        action: 'payment.notification-refused',
        entityType: 'payment_order',
        entityId: order.order_no,
        from: order.state,
        reason: `amount ${verified.amount} ${verified.currency} ≠ ${order.amount} ${order.currency}`,
      });
    } else {
      const to: PaymentState = verified.outcome === 'paid' ? 'succeeded' : 'failed';
      const set: Updateable<PaymentOrdersTable> =
        to === 'succeeded'
          ? { paid_at: nowIso(), provider_order_no: verified.providerOrderNo ?? order.provider_order_no }
          : {};
      const moved = await transition(trx, order, to, set, actor, `notification ${verified.notificationId}`);
      result = moved ? 'applied' : 'no-change';
      // Decided on the state that refused the move, read after it: the order read above may be older than a
      // notification for the same order applied meanwhile, which this one must not report as late.
      const current = moved || to !== 'succeeded' ? undefined : await findOrder(trx, order.order_no);
      if (current && !PAID_PAYMENT_STATES.includes(current.state)) {
        // Money arrived for an order that is no longer payable: finance has to look at it.
        await recordAudit(trx, {
          ...actor,
          action: 'payment.late-notification',
          entityType: 'payment_order',
          entityId: order.order_no,
          from: current.state,
          reason: `paid notification ${verified.notificationId} for a ${current.state} order`,
        });
      }
    }
    await setNotificationOutcome(trx, id, result);
    return result;
  });
  if (outcome === 'applied') deps.countCache.invalidate();
  return outcome;
}

/** What the provider said when asked, applied like a notification (amount checked, compare-and-set). */
async function applyQuery(
  deps: PaymentDeps,
  order: PaymentOrderRow,
  answer: ProviderQuery,
  actor: PaymentActor,
) {
  if (answer.state !== 'paid') return false;
  if ((answer.amount ?? Number(order.amount)) !== Number(order.amount)) {
    await recordAudit(deps.db, {
      ...actor,
      action: 'payment.query-refused',
      entityType: 'payment_order',
      entityId: order.order_no,
      from: order.state,
      reason: `amount ${answer.amount} ≠ ${order.amount}`,
    });
    return false;
  }
  const moved = await deps.db
    .transaction()
    .execute((trx) =>
      transition(
        trx,
        order,
        'succeeded',
        { paid_at: nowIso(), provider_order_no: answer.providerOrderNo ?? order.provider_order_no },
        actor,
        'provider query',
      ),
    );
  if (moved) deps.countCache.invalidate();
  return moved;
}

/**
 * Closes an open order at its provider and here, unless the provider says it was paid meanwhile: then it is
 * settled as paid instead. When the provider cannot be reached the order stays open for the next sweep.
 */
export async function closeOrSettle(
  deps: PaymentDeps,
  order: PaymentOrderRow,
  actor: PaymentActor,
  reason: string,
): Promise<PaymentState> {
  const provider = deps.providers.byName(order.provider);
  if (provider && order.state === 'paying') {
    try {
      if (await applyQuery(deps, order, await provider.query(toProviderOrder(order)), actor))
        return 'succeeded';
      await provider.close(toProviderOrder(order));
    } catch {
      return order.state;
    }
  }
  const moved = await deps.db
    .transaction()
    .execute((trx) => transition(trx, order, 'closed', {}, actor, reason));
  if (moved) deps.countCache.invalidate();
  return moved ? 'closed' : ((await findOrder(deps.db, order.order_no))?.state ?? order.state);
}

/**
 * One pass of the background sweeper: asks providers about orders whose notification is late and closes orders
 * past their expiry. Safe to run in several processes at once: every change is compare-and-set.
 */
export async function sweepPayments(deps: PaymentDeps, now = new Date()) {
  const nowText = now.toISOString();
  const stale = await staleOpenOrders(deps.db, isoBefore(LATE_NOTIFICATION_MS, now), SWEEP_BATCH, nowText);
  let closed = 0;
  let settled = 0;
  for (const order of stale) {
    if (order.expires_at <= nowText) {
      const state = await closeOrSettle(deps, order, SYSTEM, 'expired');
      if (state === 'closed') closed += 1;
      if (state === 'succeeded') settled += 1;
      continue;
    }
    const provider = deps.providers.byName(order.provider);
    if (!provider || order.state !== 'paying') continue;
    try {
      if (await applyQuery(deps, order, await provider.query(toProviderOrder(order)), SYSTEM)) settled += 1;
    } catch {
      // The provider is unreachable; the next pass asks again.
    }
  }
  return { checked: stale.length, closed, settled };
}

// ---- finance review of transfers ----

type FinanceActor = PaymentActor & { actorUserId: number };

/** One move made by finance on an order: found (else 404), moved from its current state (else `refusal`, 409). */
async function financeMove(
  deps: PaymentDeps,
  orderNo: string,
  to: PaymentState,
  set: Updateable<PaymentOrdersTable>,
  actor: FinanceActor,
  refusal: MessageKey,
  reason: string | null = null,
) {
  const moved = await deps.db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, orderNo);
    if (!order) throw notFound();
    return transition(trx, order, to, set, actor, reason);
  });
  if (!moved) throw new HttpError(409, refusal);
  deps.countCache.invalidate();
}

/** Finance confirms the money arrived: the order is paid and fulfilled, once. */
export function approveTransfer(deps: PaymentDeps, orderNo: string, actor: FinanceActor) {
  const at = nowIso();
  return financeMove(
    deps,
    orderNo,
    'approved',
    { reviewed_by: actor.actorUserId, reviewed_at: at, paid_at: at },
    actor,
    'payment.notSubmitted',
  );
}

/** Finance refuses a transfer with a reason the customer reads; the customer may pay again. */
export function rejectTransfer(deps: PaymentDeps, orderNo: string, reason: string, actor: FinanceActor) {
  return financeMove(
    deps,
    orderNo,
    'rejected',
    { reviewed_by: actor.actorUserId, reviewed_at: nowIso(), reject_reason: reason },
    actor,
    'payment.notSubmitted',
    reason,
  );
}

/**
 * Finance records that a paid order's money went back to the payer outside the system (bank, or the provider's
 * merchant console), with a reason the customer reads. Only a succeeded or approved order, once; what the payment
 * delivered stays delivered.
 */
export function refundPayment(deps: PaymentDeps, orderNo: string, reason: string, actor: FinanceActor) {
  return financeMove(
    deps,
    orderNo,
    'refunded',
    { refund_reason: reason, refunded_by: actor.actorUserId, refunded_at: nowIso() },
    actor,
    'payment.notRefundable',
    reason,
  );
}

export async function paymentList(
  deps: PaymentDeps,
  query: PaymentListQuery,
  t: (key: MessageKey) => string,
) {
  const { rows, counts, total } = await listPayments(deps.db, query);
  const statusTabList = toStatusTabList(counts, PAYMENT_TAB_STATES, (status) =>
    t(status === 'all' ? 'tab.all' : (`paymentState.${status}` as MessageKey)),
  );
  return {
    rows: rows.map(
      (row): PaymentRow => ({
        ...toView(row),
        customerId: row.customer_id,
        customerName: row.customer_name,
        userName: row.user_name,
        provider: row.provider,
        providerOrderNo: row.provider_order_no,
        reviewedByName: row.reviewer_name,
        refundedByName: row.refunder_name,
        duplicate: Number(row.duplicate) === 1,
      }),
    ),
    total,
    statusTabList,
  };
}

// ---- the sandbox page ----

/** The sandbox order a page token names, and whether it can still be paid. Null for a token that is not ours. */
export async function sandboxOrder(deps: PaymentDeps, token: string) {
  const sandbox = deps.providers.sandbox;
  const orderNo = sandbox?.orderOfToken(token);
  if (!orderNo) return null;
  const order = await findOrder(deps.db, orderNo);
  if (order?.provider !== 'sandbox') return null;
  return { order, payable: order.state === 'paying' && order.expires_at > nowIso() };
}

/** The payer's decision on the sandbox page: the sandbox posts its signed notification, then we re-read the order. */
export async function sandboxDecide(deps: PaymentDeps, token: string, decision: 'approve' | 'decline') {
  const found = await sandboxOrder(deps, token);
  const sandbox = deps.providers.sandbox;
  if (!found || !sandbox) return null;
  if (found.payable)
    await sandbox.decide(toProviderOrder(found.order), decision === 'approve' ? 'paid' : 'failed');
  const order = (await findOrder(deps.db, found.order.order_no)) ?? found.order;
  return { order, payable: false, wasPayable: found.payable };
}
