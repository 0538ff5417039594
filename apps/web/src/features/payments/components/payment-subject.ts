import type { CreatePaymentBody, PayType } from '@kxt/contracts/payments';

/** What a payment is for: a patent fee (serviceCode) or a catalogue product (productId, quantity, mark). */
export interface PaymentSubject {
  serviceCode?: string;
  productId?: number;
  quantity?: number;
  mark?: string;
  /** Integer fen, as shown; the server refuses an amount other than its own price. */
  amount: number;
}

/** The body of `POST /api/payments` for a subject and pay type: exactly one of serviceCode and productId. */
export function paymentBody(
  subject: PaymentSubject,
  payType: PayType,
  extra: Pick<CreatePaymentBody, 'receiptUrl' | 'paymentAccount' | 'returnUrl'> = {},
): CreatePaymentBody {
  const mark = subject.mark?.trim();
  const target =
    subject.serviceCode !== undefined
      ? { serviceCode: subject.serviceCode }
      : {
          productId: subject.productId,
          quantity: subject.quantity ?? 1,
          ...(mark ? { mark } : {}),
        };
  return { ...target, payType, payAmount: subject.amount, ...extra };
}
