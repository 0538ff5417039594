import { AlipaySdk } from 'alipay-sdk';
import type { AlipayConfig } from '../config.ts';
import type {
  CreatedAtProvider,
  IncomingNotification,
  PaymentProvider,
  ProviderOrder,
  ProviderQuery,
  ProviderUrls,
  VerifiedNotification,
} from './provider.ts';

/** Yuan with two decimals, as Alipay takes and gives amounts. */
export const toYuan = (fen: number) => (fen / 100).toFixed(2);
export const fromYuan = (yuan: string) => Math.round(Number(yuan) * 100);

/** Alipay's `yyyy-MM-dd HH:mm:ss` in Beijing time. */
export function alipayTime(iso: string): string {
  const beijing = new Date(Date.parse(iso) + 8 * 3_600_000).toISOString();
  return `${beijing.slice(0, 10)} ${beijing.slice(11, 19)}`;
}

interface AlipayResult {
  code?: string;
  subCode?: string;
  msg?: string;
  qrCode?: string;
  tradeStatus?: string;
  totalAmount?: string;
  tradeNo?: string;
}

/**
 * Alipay face-to-face precreate (a QR code the payer scans in Alipay), through `alipay-sdk`: requests are signed
 * RSA2 with the app's private key, answers and notifications verified with Alipay's public key.
 */
export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay' as const;
  readonly acknowledgement = 'text-success' as const;
  readonly sdk: AlipaySdk;

  constructor(private readonly config: AlipayConfig) {
    this.sdk = new AlipaySdk({
      appId: config.appId,
      privateKey: config.privateKey,
      keyType: config.privateKey.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
      alipayPublicKey: config.alipayPublicKey,
      signType: 'RSA2',
      ...(config.gateway ? { gateway: config.gateway } : {}),
    });
  }

  private async exec(method: string, params: Record<string, unknown>): Promise<AlipayResult> {
    return (await this.sdk.exec(method, params, { validateSign: true })) as AlipayResult;
  }

  async create(order: ProviderOrder, urls: ProviderUrls): Promise<CreatedAtProvider> {
    const result = await this.exec('alipay.trade.precreate', {
      notify_url: urls.notifyUrl,
      bizContent: {
        out_trade_no: order.orderNo,
        total_amount: toYuan(order.amount),
        subject: order.description.slice(0, 256),
        time_expire: alipayTime(order.expiresAt),
      },
    });
    if (result.code !== '10000' || !result.qrCode) {
      throw new Error(`Alipay precreate failed: ${result.code ?? ''} ${result.subCode ?? ''}`);
    }
    return { qrCode: result.qrCode };
  }

  async query(order: ProviderOrder): Promise<ProviderQuery> {
    const result = await this.exec('alipay.trade.query', { bizContent: { out_trade_no: order.orderNo } });
    // Before the payer scans, Alipay has no trade yet.
    if (result.subCode === 'ACQ.TRADE_NOT_EXIST') return { state: 'unpaid' };
    if (result.code !== '10000') throw new Error(`Alipay query failed: ${result.code ?? ''}`);
    const status = result.tradeStatus;
    const state: ProviderQuery['state'] =
      status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED'
        ? 'paid'
        : status === 'TRADE_CLOSED'
          ? 'closed'
          : 'unpaid';
    return {
      state,
      ...(result.totalAmount ? { amount: fromYuan(result.totalAmount), currency: 'CNY' } : {}),
      ...(result.tradeNo ? { providerOrderNo: result.tradeNo } : {}),
    };
  }

  async close(order: ProviderOrder): Promise<void> {
    const result = await this.exec('alipay.trade.close', { bizContent: { out_trade_no: order.orderNo } });
    if (result.code !== '10000' && result.subCode !== 'ACQ.TRADE_NOT_EXIST') {
      throw new Error(`Alipay close failed: ${result.code ?? ''} ${result.subCode ?? ''}`);
    }
  }

  /** Alipay posts a form; its `sign` covers every other field but `sign_type`, sorted by name. */
  async verifyNotification({ rawBody }: IncomingNotification): Promise<VerifiedNotification | null> {
    const fields = Object.fromEntries(new URLSearchParams(rawBody));
    if (fields.app_id !== this.config.appId) return null;
    if (!this.sdk.checkNotifySignV2(fields)) return null;
    const { notify_id: notificationId, out_trade_no: orderNo, trade_status: status } = fields;
    const amount = fields.total_amount;
    if (!notificationId || !orderNo || !amount || !/^\d+(\.\d{1,2})?$/.test(amount)) return null;
    const outcome =
      status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED'
        ? 'paid'
        : status === 'TRADE_CLOSED'
          ? 'failed'
          : null;
    if (!outcome) return null;
    return {
      notificationId,
      orderNo,
      outcome,
      amount: fromYuan(amount),
      currency: 'CNY',
      ...(fields.trade_no ? { providerOrderNo: fields.trade_no } : {}),
    };
  }
}
