import { z } from 'zod';
import { recordId, recordIdParam } from './ids.ts';
import { listQuery } from './paging.ts';

// ---- Pay types (spec §7, §9) ----

/** The spec's `payType` codes: 9 scan (any wallet), 2 Alipay, 1 WeChat, 3 bank transfer, 10 cross-border card. */
export const PAY_TYPES = { scan: 9, alipay: 2, wechat: 1, transfer: 3, card: 10 } as const;
export type PayTypeName = keyof typeof PAY_TYPES;
export type PayType = (typeof PAY_TYPES)[PayTypeName];
/** Pay dialog tab order (spec §9: scan, else Alipay, else WeChat, else transfer); card is a redirect. */
export const PAY_TYPE_ORDER = [9, 2, 1, 3, 10] as const satisfies readonly PayType[];
export const payTypeSchema = z.literal(PAY_TYPE_ORDER);
export const payTypeName = (payType: PayType): PayTypeName =>
  (Object.keys(PAY_TYPES) as PayTypeName[]).find((name) => PAY_TYPES[name] === payType) as PayTypeName;
/** Pay types answered with a QR link; card answers a redirect url; transfer neither. */
export const QR_PAY_TYPES: readonly PayType[] = [PAY_TYPES.scan, PAY_TYPES.alipay, PAY_TYPES.wechat];

// ---- Order states and their transitions ----

/**
 * A payment order's life on the server. Online payments: created → paying → succeeded | failed | closed, and a
 * paid order may later be refunded. Bank transfers: created (the reference the payer writes in the transfer's note)
 * → submitted with the voucher → approved | rejected by finance.
 */
export const PAYMENT_STATES = [
  'created',
  'paying',
  'succeeded',
  'failed',
  'closed',
  'refunded',
  'submitted',
  'approved',
  'rejected',
] as const;
export const paymentStateSchema = z.enum(PAYMENT_STATES);
export type PaymentState = z.infer<typeof paymentStateSchema>;

/**
 * Every allowed move. The server applies one only with a compare-and-set on the current state, so a duplicate or
 * late notification (succeeded → succeeded, closed → succeeded) changes nothing.
 */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentState, readonly PaymentState[]>> = {
  // A bank transfer is created when its tab opens (for its reference) and submitted with the voucher.
  created: ['paying', 'failed', 'closed', 'submitted'],
  paying: ['succeeded', 'failed', 'closed'],
  succeeded: ['refunded'],
  failed: [],
  closed: [],
  refunded: [],
  submitted: ['approved', 'rejected'],
  approved: ['refunded'],
  rejected: [],
};
export const canTransition = (from: PaymentState, to: PaymentState) => PAYMENT_TRANSITIONS[from].includes(to);
/** States that still wait for the payer or a provider. */
export const OPEN_PAYMENT_STATES: readonly PaymentState[] = ['created', 'paying'];
/** States in which the money has arrived. */
export const PAID_PAYMENT_STATES: readonly PaymentState[] = ['succeeded', 'approved'];

// ---- The spec's payment status of a serviceCode (§4) ----

/**
 * `GET /api/payments/status` answers one of these in `data`: null no payment yet, 0 unpaid (created or paying),
 * 1 transfer submitted and waiting for finance, 2 paid, 3 closed or expired, -1 failed, -3 transfer rejected by
 * finance, 4 refunded (not in the spec's list; the dialog stays shut).
 */
export const PAYMENT_STATUS = {
  unpaid: 0,
  submitted: 1,
  paid: 2,
  closed: 3,
  failed: -1,
  rejected: -3,
  refunded: 4,
} as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];
export const PAYMENT_STATUS_OF: Readonly<Record<PaymentState, PaymentStatus>> = {
  created: 0,
  paying: 0,
  submitted: 1,
  succeeded: 2,
  approved: 2,
  closed: 3,
  failed: -1,
  rejected: -3,
  refunded: 4,
};
/** The pay dialog opens only for these statuses (spec §4). */
export const PAY_DIALOG_OPENABLE: readonly (PaymentStatus | null)[] = [null, 0, 3, -1, -3];
export const canOpenPayDialog = (status: PaymentStatus | null) => PAY_DIALOG_OPENABLE.includes(status);
export const paymentStatusSchema = z
  .number()
  .int()
  .refine((value) =>
    Object.values(PAYMENT_STATUS).includes(value as PaymentStatus),
  ) as z.ZodType<PaymentStatus>;

// ---- Limits (spec §5, §9) ----

export const PAYER_ACCOUNT_MAX = 50;
export const PAYMENT_QUANTITY_MAX = 20;
export const PAYMENT_MARK_MAX = 100;
export const REJECT_REASON_MAX = 500;
export const REFUND_REASON_MAX = 500;
/** Orders finance may record a refund for: the money arrived (succeeded online, or an approved transfer). */
export const REFUNDABLE_PAYMENT_STATES: readonly PaymentState[] = PAYMENT_STATES.filter((state) =>
  canTransition(state, 'refunded'),
);
/** The purchase page and the pay dialog poll the order this often while the QR shows. */
export const PAYMENT_POLL_MS = 1000;
/** After 'payment succeeded' the dialog closes after about this long. */
export const PAY_SUCCESS_CLOSE_MS = 3500;
export const PAY_QR_SIZE = 130;
/** Where the card provider returns the browser to by default (spec §7). */
export const DEFAULT_RETURN_PATH = '/trademark/patent';

// ---- What is paid for ----

/**
 * 'patent-fee' an authorization fee, named by the patent order's serviceCode; 'service-purchase' a catalogue
 * product whose payment creates the customer's service item; 'search-pack' a catalogue product that adds free
 * trademark searches.
 */
export const PAYMENT_KINDS = ['patent-fee', 'service-purchase', 'search-pack', 'watch'] as const;
export const paymentKindSchema = z.enum(PAYMENT_KINDS);
export type PaymentKind = z.infer<typeof paymentKindSchema>;

const serviceCode = z.string().trim().min(1).max(40);

/** What is paid for and how much, as the page shows it: exactly one of serviceCode, productId and watchId. */
const paymentSubject = {
  serviceCode: serviceCode.optional(),
  productId: recordId.optional(),
  /** A trademark watch: `quantity` years of it, in every country it watches. */
  watchId: recordId.optional(),
  quantity: z.number().int().min(1).max(PAYMENT_QUANTITY_MAX).default(1),
  /** The trademark name of a registration purchase. */
  mark: z.string().trim().max(PAYMENT_MARK_MAX).optional(),
  /** What the page shows, in integer fen: the server prices the order itself and refuses a different amount. */
  payAmount: z.number().int().min(0),
};
const oneSubject: [
  (body: {
    serviceCode?: string | undefined;
    productId?: number | undefined;
    watchId?: number | undefined;
  }) => boolean,
  { message: string; path: string[] },
] = [
  (body) =>
    [body.serviceCode, body.productId, body.watchId].filter((value) => value !== undefined).length === 1,
  { message: 'exactly one of serviceCode, productId and watchId', path: ['serviceCode'] },
];

/** A transfer's payer account name and voucher. */
const transferFields = {
  /** The voucher's url from `POST /api/files?purpose=voucher`. */
  receiptUrl: z.string().trim().max(500).optional(),
  /** The payer account name on the voucher; checked by `transferProblems` (spec §5 messages). */
  paymentAccount: z.string().max(500).optional(),
};

/**
 * `POST /api/payments`: a QR link, a card redirect, or a transfer with its voucher in one call (the pay dialog
 * prepares the transfer first, below, and sends the voucher to it).
 */
export const createPaymentBody = z
  .object({
    ...paymentSubject,
    payType: payTypeSchema,
    ...transferFields,
    /** Card: where the provider sends the browser back to; same origin only. */
    returnUrl: z.string().trim().max(1000).optional(),
  })
  .strict()
  .refine(...oneSubject);
export type CreatePaymentBody = z.input<typeof createPaymentBody>;
export type CreatePaymentInput = z.output<typeof createPaymentBody>;

/**
 * `POST /api/payments/transfers`: the bank transfer the customer is about to make, created before the voucher so
 * its reference can go in the transfer's note. The same subject and amount answer the same pending order.
 */
export const prepareTransferBody = z
  .object(paymentSubject)
  .strict()
  .refine(...oneSubject);
export type PrepareTransferBody = z.input<typeof prepareTransferBody>;
export type PrepareTransferInput = z.output<typeof prepareTransferBody>;

/** `POST /api/payments/orders/:orderNo/voucher`: the payer account name and the voucher of a prepared transfer. */
export const submitTransferBody = z.object(transferFields).strict();
export type SubmitTransferBody = z.infer<typeof submitTransferBody>;

export type TransferProblem = 'payerAccountRequired' | 'payerAccountTooLong' | 'voucherRequired';
/**
 * What is missing from a bank transfer (spec §5), in the order the form shows it: the payer account name (trimmed,
 * at most 50 characters) and the voucher. The server answers each with its own message; the form checks the same.
 */
export function transferProblems(body: SubmitTransferBody): TransferProblem[] {
  const problems: TransferProblem[] = [];
  const account = body.paymentAccount?.trim() ?? '';
  if (!account) problems.push('payerAccountRequired');
  else if ([...account].length > PAYER_ACCOUNT_MAX) problems.push('payerAccountTooLong');
  if (!body.receiptUrl?.trim()) problems.push('voucherRequired');
  return problems;
}

/** What a payer writes in a transfer's note: `KXT-PAY-` and six letters or digits. */
export const PAYMENT_REFERENCE_PATTERN = /^KXT-PAY-[A-Z2-9]{6}$/;

/** The answer of `POST /api/payments`. */
export const createdPayment = z.object({
  orderNo: z.string(),
  /** The payment reference (KXT-PAY-xxxxxx): the transfer's note, and what finance searches for. */
  reference: z.string(),
  payType: payTypeSchema,
  state: paymentStateSchema,
  /** The link to draw as a QR code (scan, Alipay, WeChat). */
  qrCode: z.string().optional(),
  /** Card: send the browser here. */
  redirectUrl: z.string().optional(),
  expiresAt: z.string(),
  /** Integer minor units of `currency`. */
  amount: z.number().int(),
  currency: z.string(),
});
export type CreatedPayment = z.infer<typeof createdPayment>;

/** One order as its customer sees it: `GET /api/payments/orders/:orderNo` and `GET /api/payments/latest`. */
export const paymentOrderView = z.object({
  orderNo: z.string(),
  /** The payment reference (KXT-PAY-xxxxxx) the payer writes in a transfer's note. */
  reference: z.string(),
  kind: paymentKindSchema,
  /** The serviceCode of a patent fee, or the product id. */
  subjectRef: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  mark: z.string().nullable(),
  payType: payTypeSchema,
  state: paymentStateSchema,
  status: paymentStatusSchema,
  amount: z.number().int(),
  currency: z.string(),
  payerAccount: z.string().nullable(),
  voucherUrl: z.string().nullable(),
  /** Why finance rejected the transfer (state 'rejected'). */
  rejectReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** Why finance returned the money (state 'refunded'), and when that was recorded. */
  refundReason: z.string().nullable(),
  refundedAt: z.string().nullable(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentOrderView = z.infer<typeof paymentOrderView>;

export const paymentStatusQuery = z.object({ serviceCode });
export const orderNoParams = z.object({ orderNo: z.string().trim().min(1).max(64) });

/** The account a transfer goes to; which set depends on the user's onlineType (spec §6). */
export const bankAccount = z.object({
  accountName: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  branch: z.string().optional(),
  remark: z.string().optional(),
});
export type BankAccount = z.infer<typeof bankAccount>;

/**
 * A bank account as configured: its texts in Chinese, and under `en` the ones English readers get instead (the
 * note, the bank's English name); fields left out of `en` are shown as they are.
 */
export const bankAccountSetting = bankAccount.extend({ en: bankAccount.partial().optional() });
export type BankAccountSetting = z.infer<typeof bankAccountSetting>;

/** `GET /api/payments/products`: what customers can buy on /purchase, with the kind paying for it makes. */
export const purchasableProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string(),
  /** Integer minor units of `currency`, per unit. */
  price: z.number().int(),
  currency: z.string(),
  typeIdTopCode: z.string(),
  categoryIdTopId: z.number().int(),
  kind: paymentKindSchema,
  /** Search packs: searches one unit adds. */
  grantsSearches: z.number().int().nullable(),
});
export type PurchasableProduct = z.infer<typeof purchasableProduct>;
export const productListQuery = z.object({
  categoryIdTopId: recordIdParam.optional(),
  country: z.string().trim().min(2).max(3).optional(),
});

/** `GET /api/payments/methods`: the pay types configured, in PAY_TYPE_ORDER. */
export const paymentMethods = z.array(payTypeSchema);

// ---- Finance review (/admin/payments) ----

export const PAYMENT_SORTS = ['createdAt', 'amount', 'paidAt'] as const;
export const paymentListQuery = listQuery(PAYMENT_SORTS, 'createdAt').extend({
  status: paymentStateSchema.optional(),
  payType: z.coerce.number().pipe(payTypeSchema).optional(),
  kind: paymentKindSchema.optional(),
  customerId: recordIdParam.optional(),
});
export type PaymentListQuery = z.infer<typeof paymentListQuery>;
/** The status tabs of the finance list, in order; transfers waiting for review come first. */
export const PAYMENT_TAB_STATES: readonly PaymentState[] = [
  'submitted',
  'approved',
  'rejected',
  'succeeded',
  'paying',
  'created',
  'failed',
  'closed',
  'refunded',
];

export const paymentRow = paymentOrderView.extend({
  customerId: z.number().int(),
  customerName: z.string(),
  userName: z.string().nullable(),
  provider: z.string(),
  providerOrderNo: z.string().nullable(),
  reviewedByName: z.string().nullable(),
  refundedByName: z.string().nullable(),
  /** Paid although the subject was already paid by another order (audit `payment.duplicate`): refund this one. */
  duplicate: z.boolean(),
});
export type PaymentRow = z.infer<typeof paymentRow>;

export const approvePaymentBody = z.object({}).strict();
export const rejectPaymentBody = z
  .object({ reason: z.string().trim().min(1).max(REJECT_REASON_MAX) })
  .strict();
export type RejectPaymentBody = z.infer<typeof rejectPaymentBody>;

/**
 * `POST /api/admin/payments/:orderNo/refund`: records money returned outside the system (bank or the provider's
 * merchant console); nothing delivered is undone.
 */
export const refundPaymentBody = z
  .object({ reason: z.string().trim().min(1).max(REFUND_REASON_MAX) })
  .strict();
export type RefundPaymentBody = z.infer<typeof refundPaymentBody>;
