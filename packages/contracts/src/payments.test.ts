import { describe, expect, it } from 'vitest';
import {
  canOpenPayDialog,
  canTransition,
  createPaymentBody,
  PAY_TYPE_ORDER,
  PAYMENT_STATES,
  PAYMENT_STATUS_OF,
  PAYMENT_TRANSITIONS,
  REFUNDABLE_PAYMENT_STATES,
  refundPaymentBody,
  transferProblems,
} from './payments.ts';

describe('payment transitions', () => {
  it('moves online payments created → paying → succeeded | failed | closed, and only a paid order to refunded', () => {
    expect(canTransition('created', 'paying')).toBe(true);
    expect(canTransition('paying', 'succeeded')).toBe(true);
    expect(canTransition('paying', 'failed')).toBe(true);
    expect(canTransition('paying', 'closed')).toBe(true);
    expect(canTransition('succeeded', 'refunded')).toBe(true);
    expect(canTransition('paying', 'refunded')).toBe(false);
  });

  it('never moves a finished order again: a duplicate or late notification is no transition', () => {
    for (const state of PAYMENT_STATES) expect(canTransition(state, state)).toBe(false);
    expect(canTransition('closed', 'succeeded')).toBe(false);
    expect(canTransition('failed', 'succeeded')).toBe(false);
    expect(PAYMENT_TRANSITIONS.closed).toEqual([]);
  });

  it('lets only finance move a transfer: submitted → approved | rejected', () => {
    expect(canTransition('submitted', 'approved')).toBe(true);
    expect(canTransition('submitted', 'rejected')).toBe(true);
    expect(canTransition('submitted', 'succeeded')).toBe(false);
    expect(canTransition('rejected', 'approved')).toBe(false);
  });

  it('opens the pay dialog for no payment, unpaid, closed, failed and rejected only', () => {
    expect(canOpenPayDialog(null)).toBe(true);
    expect(canOpenPayDialog(PAYMENT_STATUS_OF.paying)).toBe(true);
    expect(canOpenPayDialog(PAYMENT_STATUS_OF.rejected)).toBe(true);
    expect(canOpenPayDialog(PAYMENT_STATUS_OF.submitted)).toBe(false);
    expect(canOpenPayDialog(PAYMENT_STATUS_OF.succeeded)).toBe(false);
    expect(canOpenPayDialog(PAYMENT_STATUS_OF.refunded)).toBe(false);
    expect(PAY_TYPE_ORDER).toEqual([9, 2, 1, 3, 10]);
  });
});

describe('refunds', () => {
  it('are recorded for paid orders only: succeeded and approved', () => {
    expect(REFUNDABLE_PAYMENT_STATES).toEqual(['succeeded', 'approved']);
  });

  it('need a trimmed reason of 1 to 500 characters and nothing else', () => {
    expect(refundPaymentBody.parse({ reason: '  已退回  ' })).toEqual({ reason: '已退回' });
    expect(refundPaymentBody.safeParse({ reason: '   ' }).success).toBe(false);
    expect(refundPaymentBody.safeParse({}).success).toBe(false);
    expect(refundPaymentBody.safeParse({ reason: '退'.repeat(501) }).success).toBe(false);
    expect(refundPaymentBody.safeParse({ reason: 'x', amount: 1 }).success).toBe(false);
  });
});

describe('createPaymentBody', () => {
  const base = { payType: 9, payAmount: 100 };

  it('needs exactly one of serviceCode and productId', () => {
    expect(createPaymentBody.safeParse({ ...base, serviceCode: 'P1' }).success).toBe(true);
    expect(createPaymentBody.safeParse({ ...base, productId: 3 }).success).toBe(true);
    expect(createPaymentBody.safeParse(base).success).toBe(false);
    expect(createPaymentBody.safeParse({ ...base, serviceCode: 'P1', productId: 3 }).success).toBe(false);
  });

  it('defaults the quantity to 1 and keeps it within 1..20', () => {
    expect(createPaymentBody.parse({ ...base, productId: 3 }).quantity).toBe(1);
    expect(createPaymentBody.safeParse({ ...base, productId: 3, quantity: 0 }).success).toBe(false);
    expect(createPaymentBody.safeParse({ ...base, productId: 3, quantity: 21 }).success).toBe(false);
  });

  it('refuses unknown pay types, fractional amounts and unknown fields', () => {
    expect(createPaymentBody.safeParse({ ...base, productId: 3, payType: 4 }).success).toBe(false);
    expect(createPaymentBody.safeParse({ ...base, productId: 3, payAmount: 1.5 }).success).toBe(false);
    expect(createPaymentBody.safeParse({ ...base, productId: 3, extra: 1 }).success).toBe(false);
  });
});

describe('transferProblems', () => {
  it('asks for a trimmed payer account name of at most 50 characters and a voucher', () => {
    expect(transferProblems({})).toEqual(['payerAccountRequired', 'voucherRequired']);
    expect(transferProblems({ paymentAccount: '   ', receiptUrl: '/api/files/x' })).toEqual([
      'payerAccountRequired',
    ]);
    expect(transferProblems({ paymentAccount: '张'.repeat(50), receiptUrl: '/api/files/x' })).toEqual([]);
    expect(transferProblems({ paymentAccount: '张'.repeat(51), receiptUrl: '/api/files/x' })).toEqual([
      'payerAccountTooLong',
    ]);
    expect(transferProblems({ paymentAccount: ' 某公司 ', receiptUrl: '' })).toEqual(['voucherRequired']);
  });
});
