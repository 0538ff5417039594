import { APPLY_CAPACITIES, type AttachedFile, PATENT_TYPES } from '@kxt/contracts/patents';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ValueEnumItem } from '../../../components/DataTable/types.ts';

/** Days left at which a deadline turns orange, and red (a deadline already past is red too). */
export const DEADLINE_WARNING_DAYS = 30;
export const DEADLINE_URGENT_DAYS = 7;

export type DeadlineLevel = 'urgent' | 'warning' | 'normal';

/** How pressing a deadline (OA reply deadline, renewal time) is: red at 7 days or less, orange at 30 or less. */
export function deadlineLevel(date: string | null | undefined, today = dayjs()): DeadlineLevel | null {
  if (!date) return null;
  const day = dayjs(date);
  if (!day.isValid()) return null;
  const daysLeft = day.startOf('day').diff(today.startOf('day'), 'day');
  if (daysLeft <= DEADLINE_URGENT_DAYS) return 'urgent';
  if (daysLeft <= DEADLINE_WARNING_DAYS) return 'warning';
  return 'normal';
}

export function patentTypeEnum(t: TFunction): Record<string, ValueEnumItem> {
  return Object.fromEntries(
    PATENT_TYPES.map((type) => [String(type), { text: t(`patent.patentType.${type}`) }]),
  );
}

export function applyCapacityEnum(t: TFunction): Record<string, ValueEnumItem> {
  return Object.fromEntries(
    APPLY_CAPACITIES.map((capacity) => [capacity, { text: t(`patent.applyName.${capacity}`) }]),
  );
}

/** A single stored file url as a named file (records keep some files as a bare url). */
export function urlFile(url: string | null | undefined, name: string): AttachedFile[] {
  return url ? [{ name, url }] : [];
}

export function isPdf(file: { name: string; type?: string }): boolean {
  return file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
}
