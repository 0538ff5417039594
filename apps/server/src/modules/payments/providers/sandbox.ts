import { createHmac, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { safeEqual } from '../../../lib/tokens.ts';
import {
  type CreatedAtProvider,
  header,
  type IncomingNotification,
  NOTIFICATION_TOLERANCE_MS,
  type PaymentProvider,
  type ProviderOrder,
  type ProviderQuery,
  type ProviderUrls,
  type VerifiedNotification,
} from './provider.ts';

export const SANDBOX_PAGE_PATH = '/sandbox-pay';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

const notificationBody = z
  .object({
    id: z.string().min(1).max(100),
    orderNo: z.string().min(1).max(32),
    outcome: z.enum(['paid', 'failed']),
    amount: z.number().int().min(0),
    currency: z.string().length(3),
    providerOrderNo: z.string().max(100),
    timestamp: z.iso.datetime(),
  })
  .strict();
export type SandboxNotification = z.infer<typeof notificationBody>;

/** Posts a signed notification to our notify endpoint, as a provider's server would. */
export type SandboxDelivery = (rawBody: string, headers: Record<string, string>) => Promise<void>;

/**
 * The embedded provider: its QR link (or card redirect) opens our own sandbox page, where the payer approves or
 * declines; the sandbox then posts an HMAC-SHA256-signed JSON notification to `/api/payments/notify/sandbox`.
 * Its own record of decisions (for `query`) lives in this process; the database stays the source of truth.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly acknowledgement = 'envelope' as const;
  private readonly decisions = new Map<string, 'paid' | 'failed' | 'closed'>();

  constructor(
    private readonly secret: string,
    private readonly deliver: SandboxDelivery,
  ) {}

  /** The page token: the order number and its HMAC, so a link cannot be made up for another order. */
  pageToken(orderNo: string): string {
    return `${orderNo}.${this.mac(`page:${orderNo}`)}`;
  }

  /** The order a page token names, or null when the token is not ours. */
  orderOfToken(token: string): string | null {
    const [orderNo, mac] = token.split('.');
    if (!orderNo || !mac || token.split('.').length !== 2) return null;
    return safeEqual(mac, this.mac(`page:${orderNo}`)) ? orderNo : null;
  }

  async create(order: ProviderOrder, urls: ProviderUrls): Promise<CreatedAtProvider> {
    const link = `${urls.origin}${SANDBOX_PAGE_PATH}/${this.pageToken(order.orderNo)}`;
    const providerOrderNo = `SBX${order.orderNo}`;
    return order.payType === 10 ? { redirectUrl: link, providerOrderNo } : { qrCode: link, providerOrderNo };
  }

  async query(order: ProviderOrder): Promise<ProviderQuery> {
    const decision = this.decisions.get(order.orderNo);
    if (decision === 'paid') return { state: 'paid', amount: order.amount, currency: order.currency };
    return { state: decision ?? 'unpaid' };
  }

  async close(order: ProviderOrder): Promise<void> {
    if (this.decisions.get(order.orderNo) !== 'paid') this.decisions.set(order.orderNo, 'closed');
  }

  /**
   * The payer's decision on the sandbox page. Answers false when the order was closed at the sandbox meanwhile;
   * otherwise records it and posts the notification.
   */
  async decide(order: ProviderOrder, outcome: 'paid' | 'failed'): Promise<boolean> {
    const previous = this.decisions.get(order.orderNo);
    if (previous === 'closed') return false;
    if (!previous) this.decisions.set(order.orderNo, outcome);
    const notification: SandboxNotification = {
      id: randomUUID(),
      orderNo: order.orderNo,
      outcome: this.decisions.get(order.orderNo) === 'paid' ? 'paid' : 'failed',
      amount: order.amount,
      currency: order.currency,
      providerOrderNo: order.providerOrderNo ?? `SBX${order.orderNo}`,
      timestamp: new Date().toISOString(),
    };
    const rawBody = JSON.stringify(notification);
    await this.deliver(rawBody, {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: this.sign(rawBody),
    });
    return true;
  }

  /** Hex HMAC-SHA256 of the raw body. */
  sign(rawBody: string): string {
    return createHmac('sha256', this.secret).update(rawBody).digest('hex');
  }

  async verifyNotification({ headers, rawBody }: IncomingNotification): Promise<VerifiedNotification | null> {
    const signature = header(headers, SANDBOX_SIGNATURE_HEADER);
    if (!signature || !safeEqual(signature, this.sign(rawBody))) return null;
    let parsed: SandboxNotification;
    try {
      parsed = notificationBody.parse(JSON.parse(rawBody));
    } catch {
      return null;
    }
    if (Math.abs(Date.now() - Date.parse(parsed.timestamp)) > NOTIFICATION_TOLERANCE_MS) return null;
    return {
      notificationId: parsed.id,
      orderNo: parsed.orderNo,
      outcome: parsed.outcome,
      amount: parsed.amount,
      currency: parsed.currency,
      providerOrderNo: parsed.providerOrderNo,
    };
  }

  private mac(value: string): string {
    return createHmac('sha256', this.secret).update(value).digest('base64url');
  }
}

/** The sandbox's key, derived from the session secret so it needs no configuration of its own. */
export const sandboxSecret = (sessionSecret: string) =>
  createHmac('sha256', sessionSecret).update('payment-sandbox').digest('base64url');
