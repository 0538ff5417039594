import { PATENT_AUDIT_ACTIONS, patentStatusLabel } from '@kxt/contracts/patents';
import type { TFunction } from 'i18next';

const PREFIX = 'patent.';

/** An audit action (`patent.approveMaterials`) in words; an unknown one shows as recorded. */
export function historyActionLabel(action: string, t: TFunction): string {
  const name = action.startsWith(PREFIX) ? action.slice(PREFIX.length) : action;
  return (PATENT_AUDIT_ACTIONS as readonly string[]).includes(name)
    ? t(`patent.history.actions.${name}` as 'patent.history.actions.open')
    : action;
}

/** Who acted: a user's account as it is, the machine actors (`system`, `payment-provider:…`) in words. */
export function historyActorLabel(actor: string | null, t: TFunction): string {
  if (!actor) return '-';
  if (actor === 'system') return t('patent.history.system');
  if (actor === 'payment-sweeper') return t('patent.history.paymentSweeper');
  if (actor.startsWith('payment-provider:')) return t('patent.history.paymentProvider');
  return actor;
}

/** A recorded state: a status code as its label, anything else (a corrected date) as it is. */
function stateText(value: string | null, language: string): string | null {
  if (value === null || value === '') return null;
  return /^-?\d+$/.test(value) ? patentStatusLabel(Number(value), language) : value;
}

/** The change a row records: "from → to", only the new state when there was none before, else nothing. */
export function historyChangeText(from: string | null, to: string | null, language: string): string {
  const before = stateText(from, language);
  const after = stateText(to, language);
  if (before && after) return `${before} → ${after}`;
  return after ?? before ?? '';
}
