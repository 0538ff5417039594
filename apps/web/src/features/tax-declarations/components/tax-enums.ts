import { DECLARED_BY, TAX_DECLARATION_STATUSES } from '@kxt/contracts/tax-declarations';
import type { TFunction } from 'i18next';
import type { ValueEnumItem } from '../../../components/DataTable/types.ts';

const STATUS_BADGES = { pending: 'processing', overdue: 'error', declared: 'success' } as const;

export function taxStatusEnum(t: TFunction): Record<string, ValueEnumItem> {
  return Object.fromEntries(
    TAX_DECLARATION_STATUSES.map((status) => [
      status,
      { text: t(`business.taxStatus.${status}`), status: STATUS_BADGES[status] },
    ]),
  );
}

export function declaredByEnum(t: TFunction): Record<string, ValueEnumItem> {
  return Object.fromEntries(DECLARED_BY.map((by) => [by, { text: t(`business.declaredBy.${by}`) }]));
}

export function overdueEnum(t: TFunction): Record<string, ValueEnumItem> {
  return {
    '1': { text: t('business.overdueLevel.1') },
    '2': { text: t('business.overdueLevel.2') },
    '3': { text: t('business.overdueLevel.3') },
  };
}
