import type { PayType } from '@kxt/contracts/payments';

export const PROVIDER_NAMES = ['sandbox', 'wechat', 'alipay'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];
/** Bank transfers have no provider: finance reviews them. */
export const TRANSFER_PROVIDER = 'transfer';

/** What a provider is told about an order. */
export interface ProviderOrder {
  orderNo: string;
  /** Integer minor units of `currency`. */
  amount: number;
  currency: string;
  description: string;
  payType: PayType;
  expiresAt: string;
  /** Card: the same-origin path to send the browser back to. */
  returnUrl: string | null;
  providerOrderNo: string | null;
}

export interface ProviderUrls {
  /** The site's public origin, for pages the payer opens. */
  origin: string;
  /** Where the provider posts its notification. */
  notifyUrl: string;
}

export interface CreatedAtProvider {
  /** A link to draw as a QR code. */
  qrCode?: string;
  /** A page to send the browser to. */
  redirectUrl?: string;
  providerOrderNo?: string;
}

/** What the provider says about an order when asked. */
export interface ProviderQuery {
  state: 'paid' | 'unpaid' | 'closed' | 'failed';
  amount?: number;
  currency?: string;
  providerOrderNo?: string;
}

/** A notification whose signature checked out. */
export interface VerifiedNotification {
  /** Unique per notification at the provider: the same id twice is a retry or a replay. */
  notificationId: string;
  orderNo: string;
  outcome: 'paid' | 'failed';
  amount: number;
  currency: string;
  providerOrderNo?: string;
}

export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received: signatures cover the bytes, not a re-serialisation. */
  rawBody: string;
}

/**
 * One payment provider. `verifyNotification` answers null for anything whose signature, timestamp or shape is
 * wrong; the caller then changes nothing.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  create(order: ProviderOrder, urls: ProviderUrls): Promise<CreatedAtProvider>;
  query(order: ProviderOrder): Promise<ProviderQuery>;
  close(order: ProviderOrder): Promise<void>;
  verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification | null>;
  /** How the provider wants a processed notification acknowledged. */
  readonly acknowledgement: 'envelope' | 'text-success';
}

/** How far a notification's timestamp may be from our clock. */
export const NOTIFICATION_TOLERANCE_MS = 5 * 60_000;

export const header = (headers: IncomingNotification['headers'], name: string): string | undefined => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};
