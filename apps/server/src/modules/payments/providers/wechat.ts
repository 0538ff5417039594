import { createPublicKey, type KeyObject } from 'node:crypto';
import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import { z } from 'zod';
import type { WechatPayConfig } from '../config.ts';
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

type WechatpayOptions = ConstructorParameters<typeof Wechatpay>[0];

const notificationEnvelope = z.object({
  id: z.string().min(1).max(100),
  event_type: z.string(),
  resource: z.object({
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string(),
    nonce: z.string(),
    associated_data: z.string().optional(),
  }),
});
const transaction = z.object({
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_state: z.string(),
  amount: z.object({ total: z.number().int(), currency: z.string().optional() }).optional(),
});

/** WeChat Pay's RFC 3339 time with an explicit offset (it does not take `Z`). */
export const wechatTime = (iso: string) => iso.replace(/\.\d{3}Z$/, '+00:00').replace(/Z$/, '+00:00');

/**
 * WeChat Pay APIv3 Native (a QR code the payer scans in WeChat), through `wechatpay-axios-plugin`: it signs every
 * request with the merchant key (the `Authorization: WECHATPAY2-SHA256-RSA2048` header) and verifies every answer
 * against WeChat Pay's public key. Notifications are verified here with the same public key and their resource
 * decrypted with the APIv3 key.
 */
export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechat' as const;
  readonly acknowledgement = 'envelope' as const;
  private readonly client: Wechatpay;
  private readonly platformKey: KeyObject;

  /** `adapter` replaces axios's HTTP layer (tests). */
  constructor(
    private readonly config: WechatPayConfig,
    adapter?: WechatpayOptions['adapter'],
  ) {
    this.platformKey = createPublicKey(config.platformPublicKey);
    this.client = new Wechatpay({
      mchid: config.mchid,
      serial: config.certSerial,
      privateKey: config.privateKey,
      certs: { [config.platformPublicKeyId]: this.platformKey },
      ...(adapter ? { adapter } : {}),
    });
  }

  async create(order: ProviderOrder, urls: ProviderUrls): Promise<CreatedAtProvider> {
    const { data } = await this.client.chain('v3/pay/transactions/native').post({
      appid: this.config.appid,
      mchid: this.config.mchid,
      description: order.description.slice(0, 127),
      out_trade_no: order.orderNo,
      time_expire: wechatTime(order.expiresAt),
      notify_url: urls.notifyUrl,
      amount: { total: order.amount, currency: order.currency },
    });
    const codeUrl = (data as { code_url?: unknown }).code_url;
    if (typeof codeUrl !== 'string') throw new Error('WeChat Pay answered without code_url');
    return { qrCode: codeUrl };
  }

  async query(order: ProviderOrder): Promise<ProviderQuery> {
    const { data } = await this.client
      .chain(`v3/pay/transactions/out-trade-no/${encodeURIComponent(order.orderNo)}`)
      .get({ params: { mchid: this.config.mchid } });
    const trade = transaction.parse(data);
    const state: ProviderQuery['state'] =
      trade.trade_state === 'SUCCESS'
        ? 'paid'
        : trade.trade_state === 'CLOSED' || trade.trade_state === 'REVOKED'
          ? 'closed'
          : trade.trade_state === 'PAYERROR'
            ? 'failed'
            : 'unpaid';
    return {
      state,
      ...(trade.amount ? { amount: trade.amount.total, currency: trade.amount.currency ?? 'CNY' } : {}),
      ...(trade.transaction_id ? { providerOrderNo: trade.transaction_id } : {}),
    };
  }

  async close(order: ProviderOrder): Promise<void> {
    await this.client
      .chain(`v3/pay/transactions/out-trade-no/${encodeURIComponent(order.orderNo)}/close`)
      .post({ mchid: this.config.mchid });
  }

  async verifyNotification({ headers, rawBody }: IncomingNotification): Promise<VerifiedNotification | null> {
    const timestamp = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    const signature = header(headers, 'wechatpay-signature');
    const serial = header(headers, 'wechatpay-serial');
    if (!timestamp || !nonce || !signature || serial !== this.config.platformPublicKeyId) return null;
    if (Math.abs(Date.now() - Number(timestamp) * 1000) > NOTIFICATION_TOLERANCE_MS) return null;
    if (!Rsa.verify(Formatter.response(timestamp, nonce, rawBody), signature, this.platformKey)) return null;
    try {
      const envelope = notificationEnvelope.parse(JSON.parse(rawBody));
      const { ciphertext, nonce: iv, associated_data: aad } = envelope.resource;
      const trade = transaction.parse(
        JSON.parse(Aes.AesGcm.decrypt(ciphertext, this.config.apiV3Key, iv, aad)),
      );
      if (!trade.amount) return null;
      const outcome =
        trade.trade_state === 'SUCCESS' ? 'paid' : trade.trade_state === 'PAYERROR' ? 'failed' : null;
      if (!outcome) return null;
      return {
        notificationId: envelope.id,
        orderNo: trade.out_trade_no,
        outcome,
        amount: trade.amount.total,
        currency: trade.amount.currency ?? 'CNY',
        ...(trade.transaction_id ? { providerOrderNo: trade.transaction_id } : {}),
      };
    } catch {
      return null;
    }
  }
}
