/** One SMS provider: sends a text to a phone number and answers the provider's reference. */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, text: string): Promise<{ ref: string }>;
}

/**
 * The default provider: sends nothing. The message stays in the outbox (state sent, provider `sandbox`), where the
 * back office's message list shows it, and is logged, so a deployment without an SMS contract still shows what its
 * users would have received.
 */
export function sandboxSms(log: (line: string) => void = () => undefined): SmsProvider {
  let count = 0;
  return {
    name: 'sandbox',
    async send(phone, text) {
      count += 1;
      log(`[sms sandbox] to ${phone}: ${text}`);
      return { ref: `sandbox-${Date.now()}-${count}` };
    },
  };
}
