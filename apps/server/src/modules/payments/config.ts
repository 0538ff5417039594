import { readFileSync } from 'node:fs';
import { type BankAccountSetting, bankAccountSetting } from '@kxt/contracts/payments';
import { z } from 'zod';

const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

const bankAccountJson = z
  .string()
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(bankAccountSetting);

/**
 * Demo accounts, so transfers work out of the box; a real business sets both variables. No remark: the transfer tab
 * itself says what goes in the transfer's note (the payment reference).
 */
const DEMO_BANK_ACCOUNTS: PaymentConfig['bankAccounts'] = {
  online: {
    accountName: '深圳市跨星通科技有限公司',
    bankName: '招商银行',
    accountNumber: '7559 1234 5678 901',
    branch: '深圳分行科技园支行',
    en: {
      bankName: 'China Merchants Bank',
      branch: 'Shenzhen Branch, Science Park Sub-branch',
    },
  },
  standard: {
    accountName: '跨星通（杭州）知识产权代理有限公司',
    bankName: '中国工商银行',
    accountNumber: '1202 0210 0910 0123 456',
    branch: '杭州分行西湖支行',
    en: {
      bankName: 'Industrial and Commercial Bank of China',
      branch: 'Hangzhou Branch, West Lake Sub-branch',
    },
  },
};

/** The payment variables (README "Configuration"); merged into the server's environment schema. */
export const paymentEnv = {
  PAYMENT_SANDBOX: flag.optional(),
  PAYMENT_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  PAYMENT_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  PAYMENT_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  PAYMENT_BANK_ACCOUNT_ONLINE: bankAccountJson.optional(),
  PAYMENT_BANK_ACCOUNT: bankAccountJson.optional(),
  WECHATPAY_MCHID: z.string().min(1).optional(),
  WECHATPAY_APPID: z.string().min(1).optional(),
  WECHATPAY_CERT_SERIAL: z.string().min(1).optional(),
  WECHATPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_PUBLIC_KEY_ID: z.string().min(1).optional(),
  WECHATPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_APIV3_KEY: z.string().length(32, 'must be the 32-character APIv3 key').optional(),
  ALIPAY_APP_ID: z.string().min(1).optional(),
  ALIPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  ALIPAY_GATEWAY: z.url().optional(),
};
const paymentEnvSchema = z.object(paymentEnv);
type PaymentEnv = z.output<typeof paymentEnvSchema>;

export interface WechatPayConfig {
  mchid: string;
  appid: string;
  /** Serial number of the merchant API certificate. */
  certSerial: string;
  /** The merchant API private key (PEM). */
  privateKey: string;
  /** WeChat Pay's public key (PEM) and its id, which verify answers and notifications. */
  platformPublicKeyId: string;
  platformPublicKey: string;
  apiV3Key: string;
}

export interface AlipayConfig {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway?: string;
}

export interface PaymentConfig {
  /** The embedded sandbox provider (scan, card and, without their adapters, Alipay and WeChat). */
  sandbox: boolean;
  expiryMinutes: number;
  /** How often the sweeper asks providers about late orders and closes expired ones; 0 turns it off. */
  sweepSeconds: number;
  /** The site's public address for QR links and provider notifications; the request's origin when unset. */
  publicUrl?: string;
  /** onlineType 1 → `online`, anything else → `standard` (spec §6). */
  bankAccounts: { online: BankAccountSetting; standard: BankAccountSetting };
  wechat?: WechatPayConfig;
  alipay?: AlipayConfig;
}

export const defaultPaymentConfig = (): PaymentConfig => ({
  sandbox: true,
  expiryMinutes: 15,
  sweepSeconds: 5,
  bankAccounts: DEMO_BANK_ACCOUNTS,
});

/** A provider is on only when every one of its variables is set; some but not all is a configuration error. */
function allOrNone<K extends keyof PaymentEnv>(env: PaymentEnv, names: readonly K[]): boolean {
  const missing = names.filter((name) => env[name] === undefined);
  if (missing.length === names.length) return false;
  if (missing.length > 0) throw new Error(`${missing.join(', ')}: required with ${names[0]}`);
  return true;
}

const readKey = (file: string) => readFileSync(file, 'utf8');

export function toPaymentConfig(env: PaymentEnv): PaymentConfig {
  const config: PaymentConfig = {
    sandbox: env.PAYMENT_SANDBOX ?? true,
    expiryMinutes: env.PAYMENT_EXPIRY_MINUTES,
    sweepSeconds: env.PAYMENT_SWEEP_SECONDS,
    ...(env.PAYMENT_PUBLIC_URL ? { publicUrl: env.PAYMENT_PUBLIC_URL.replace(/\/+$/, '') } : {}),
    bankAccounts: {
      online: env.PAYMENT_BANK_ACCOUNT_ONLINE ?? DEMO_BANK_ACCOUNTS.online,
      standard: env.PAYMENT_BANK_ACCOUNT ?? DEMO_BANK_ACCOUNTS.standard,
    },
  };
  const wechatVars = [
    'WECHATPAY_MCHID',
    'WECHATPAY_APPID',
    'WECHATPAY_CERT_SERIAL',
    'WECHATPAY_PRIVATE_KEY_FILE',
    'WECHATPAY_PUBLIC_KEY_ID',
    'WECHATPAY_PUBLIC_KEY_FILE',
    'WECHATPAY_APIV3_KEY',
  ] as const;
  if (allOrNone(env, wechatVars)) {
    config.wechat = {
      mchid: env.WECHATPAY_MCHID as string,
      appid: env.WECHATPAY_APPID as string,
      certSerial: env.WECHATPAY_CERT_SERIAL as string,
      privateKey: readKey(env.WECHATPAY_PRIVATE_KEY_FILE as string),
      platformPublicKeyId: env.WECHATPAY_PUBLIC_KEY_ID as string,
      platformPublicKey: readKey(env.WECHATPAY_PUBLIC_KEY_FILE as string),
      apiV3Key: env.WECHATPAY_APIV3_KEY as string,
    };
  }
  if (allOrNone(env, ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE'] as const)) {
    config.alipay = {
      appId: env.ALIPAY_APP_ID as string,
      privateKey: readKey(env.ALIPAY_PRIVATE_KEY_FILE as string),
      alipayPublicKey: readKey(env.ALIPAY_PUBLIC_KEY_FILE as string),
      ...(env.ALIPAY_GATEWAY ? { gateway: env.ALIPAY_GATEWAY } : {}),
    };
  }
  // The sandbox lets anyone approve a payment: on by default only while no real provider is configured.
  config.sandbox = env.PAYMENT_SANDBOX ?? !(config.wechat || config.alipay);
  return config;
}
