import { PAY_TYPE_ORDER, PAY_TYPES, type PayType } from '@kxt/contracts/payments';
import type { PaymentConfig } from '../config.ts';
import { AlipayProvider } from './alipay.ts';
import type { PaymentProvider, ProviderName } from './provider.ts';
import { type SandboxDelivery, SandboxProvider, sandboxSecret } from './sandbox.ts';
import { WechatPayProvider } from './wechat.ts';

/** The providers this process has, and which one serves each pay type. */
export class PaymentProviders {
  readonly sandbox: SandboxProvider | undefined;
  private readonly byPayType = new Map<PayType, PaymentProvider>();
  private readonly named = new Map<ProviderName, PaymentProvider>();

  constructor(providers: { sandbox?: SandboxProvider; wechat?: WechatPayProvider; alipay?: AlipayProvider }) {
    this.sandbox = providers.sandbox;
    for (const provider of [providers.sandbox, providers.wechat, providers.alipay]) {
      if (provider) this.named.set(provider.name, provider);
    }
    // Scan and card are the sandbox's; Alipay and WeChat use their adapters when configured, else the sandbox.
    const choose = (payType: PayType, provider: PaymentProvider | undefined) => {
      if (provider) this.byPayType.set(payType, provider);
    };
    choose(PAY_TYPES.scan, providers.sandbox);
    choose(PAY_TYPES.alipay, providers.alipay ?? providers.sandbox);
    choose(PAY_TYPES.wechat, providers.wechat ?? providers.sandbox);
    choose(PAY_TYPES.card, providers.sandbox);
  }

  /** The provider of an online pay type; undefined when none is configured (and always for transfers). */
  forPayType(payType: PayType): PaymentProvider | undefined {
    return this.byPayType.get(payType);
  }

  byName(name: string): PaymentProvider | undefined {
    return this.named.get(name as ProviderName);
  }

  /** Pay types a customer can use, in the dialog's order; transfers need no provider. */
  methods(): PayType[] {
    return PAY_TYPE_ORDER.filter((payType) => payType === PAY_TYPES.transfer || this.byPayType.has(payType));
  }
}

export function buildProviders(
  config: PaymentConfig,
  sessionSecret: string,
  deliverSandbox: SandboxDelivery,
): PaymentProviders {
  return new PaymentProviders({
    ...(config.sandbox ? { sandbox: new SandboxProvider(sandboxSecret(sessionSecret), deliverSandbox) } : {}),
    ...(config.wechat ? { wechat: new WechatPayProvider(config.wechat) } : {}),
    ...(config.alipay ? { alipay: new AlipayProvider(config.alipay) } : {}),
  });
}
