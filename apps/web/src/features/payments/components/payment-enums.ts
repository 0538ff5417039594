import { PAY_TYPE_ORDER, PAYMENT_KINDS, PAYMENT_STATES, type PaymentState } from '@kxt/contracts/payments';
import type { TFunction } from 'i18next';
import type { ValueEnumItem } from '../../../components/DataTable/types.ts';

const STATE_BADGES: Record<PaymentState, ValueEnumItem['status']> = {
  created: 'default',
  paying: 'processing',
  succeeded: 'success',
  failed: 'error',
  closed: 'default',
  refunded: 'warning',
  submitted: 'processing',
  approved: 'success',
  rejected: 'error',
};

export function stateEnum(t: TFunction): Record<string, ValueEnumItem> {
  return Object.fromEntries(
    PAYMENT_STATES.map((state) => [
      state,
      { text: t(`payment.states.${state}`), status: STATE_BADGES[state] },
    ]),
  );
}

export function payTypeEnum(t: TFunction): Record<string, ValueEnumItem> {
  return Object.fromEntries(
    PAY_TYPE_ORDER.map((type) => [String(type), { text: t(`payment.payTypes.${type}`) }]),
  );
}

export function kindEnum(t: TFunction): Record<string, ValueEnumItem> {
  return Object.fromEntries(PAYMENT_KINDS.map((kind) => [kind, { text: t(`payment.kinds.${kind}`) }]));
}
