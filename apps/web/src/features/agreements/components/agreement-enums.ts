import { AGREEMENT_NAMES } from '@kxt/contracts/agreements';
import type { TFunction } from 'i18next';
import type { ValueEnumItem } from '../../../components/DataTable/types.ts';

/** Tag colours of the three signing states: 0 unread, 1 read, 2 signed. */
export const STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success' };

export function statusEnum(t: TFunction): Record<string, ValueEnumItem> {
  return {
    '0': { text: t('agreements.statusName.0'), status: 'default' },
    '1': { text: t('agreements.statusName.1'), status: 'processing' },
    '2': { text: t('agreements.statusName.2'), status: 'success' },
  };
}

export function statusText(t: TFunction, status: number): string {
  return status === 0 || status === 1 || status === 2 ? t(`agreements.statusName.${status}`) : String(status);
}

/** The five agreement names, as the name filter and the create dialog offer them. */
export function nameEnum(): Record<string, ValueEnumItem> {
  return Object.fromEntries(AGREEMENT_NAMES.map((name) => [name, { text: name }]));
}

export const nameOptions = AGREEMENT_NAMES.map((name) => ({ value: name, label: name }));

/** The absolute signing link of a site-relative url (`/sign?code=…`). */
export function absoluteLink(url: string): string {
  return new URL(url, window.location.origin).toString();
}
