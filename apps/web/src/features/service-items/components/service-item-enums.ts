import { SERVICE_CATEGORIES, SERVICE_TYPES } from '@kxt/contracts/business';
import { SERVICE_ITEM_STATUSES } from '@kxt/contracts/service-items';
import type { TFunction } from 'i18next';
import type { ValueEnumItem } from '../../../components/DataTable/types.ts';

const STATUS_BADGES: Record<number, ValueEnumItem['status']> = {
  1: 'default',
  2: 'processing',
  3: 'warning',
  4: 'default',
  5: 'error',
};

export function statusEnum(t: TFunction): Record<string, ValueEnumItem> {
  return Object.fromEntries(
    SERVICE_ITEM_STATUSES.map((status) => [
      String(status),
      { text: t(`business.serviceItemStatus.${status}`), status: STATUS_BADGES[status] },
    ]),
  );
}

export function categoryEnum(t: TFunction): Record<string, ValueEnumItem> {
  return Object.fromEntries(
    SERVICE_CATEGORIES.map((category) => [
      String(category.id),
      { text: t(`business.category.${category.code}`) },
    ]),
  );
}

export function typeEnum(t: TFunction): Record<string, ValueEnumItem> {
  return Object.fromEntries(SERVICE_TYPES.map((type) => [type, { text: t(`business.serviceType.${type}`) }]));
}

export function overdueEnum(t: TFunction): Record<string, ValueEnumItem> {
  return {
    '1': { text: t('business.overdueLevel.1') },
    '2': { text: t('business.overdueLevel.2') },
    '3': { text: t('business.overdueLevel.3') },
  };
}

export function yesNoEnum(t: TFunction): Record<string, ValueEnumItem> {
  return { '1': { text: t('lists.yes') }, '0': { text: t('lists.no') } };
}
