import type { CreatePaymentBody, PayType, PrepareTransferBody } from '@kxt/contracts/payments';

/** What a payment is for: a patent fee (serviceCode) or a catalogue product (productId, quantity, mark). */
export interface PaymentSubject {
  serviceCode?: string;
  productId?: number;
  /** A trademark watch: `quantity` years of it. */
  watchId?: number;
  quantity?: number;
  mark?: string;
  /** Integer fen, as shown; the server refuses an amount other than its own price. */
  amount: number;
}

/** What is paid for and the amount shown: exactly one of serviceCode and productId. */
export function subjectBody(subject: PaymentSubject): PrepareTransferBody {
  const mark = subject.mark?.trim();
  const target =
    subject.serviceCode !== undefined
      ? { serviceCode: subject.serviceCode }
      : subject.watchId !== undefined
        ? { watchId: subject.watchId, quantity: subject.quantity ?? 1 }
        : {
            productId: subject.productId,
            quantity: subject.quantity ?? 1,
            ...(mark ? { mark } : {}),
          };
  return { ...target, payAmount: subject.amount };
}

/** The body of `POST /api/payments` for a subject and pay type. */
export function paymentBody(
  subject: PaymentSubject,
  payType: PayType,
  extra: Pick<CreatePaymentBody, 'receiptUrl' | 'paymentAccount' | 'returnUrl'> = {},
): CreatePaymentBody {
  return { ...subjectBody(subject), payType, ...extra };
}
