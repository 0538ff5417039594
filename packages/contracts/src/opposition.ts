/**
 * How long after an office publishes an application a third party may oppose it, per register (the period without
 * extensions; several offices grant one on request). Registers not listed, and international registrations (whose
 * designated offices each run their own period), have no computed deadline: the screen says "unknown".
 */
export const OPPOSITION_PERIODS: Readonly<
  Record<string, { readonly months?: number; readonly days?: number }>
> = {
  US: { days: 30 },
  EM: { months: 3 },
  CN: { months: 3 },
  GB: { months: 2 },
  DE: { months: 3 },
  FR: { months: 2 },
  IT: { months: 3 },
  ES: { months: 2 },
  BX: { months: 2 },
  JP: { months: 2 },
  KR: { months: 2 },
  AU: { months: 2 },
  CA: { months: 2 },
  IN: { months: 4 },
  SG: { months: 2 },
};

/** The last day to oppose a mark published on `publicationDate` (YYYY-MM-DD) in `register`; null when unknown. */
export function oppositionDeadline(
  register: string,
  publicationDate: string | null | undefined,
): string | null {
  const period = OPPOSITION_PERIODS[register];
  if (!period || !publicationDate || !/^\d{4}-\d{2}-\d{2}$/.test(publicationDate)) return null;
  const [year, month, day] = publicationDate.split('-').map(Number) as [number, number, number];
  // A month period ends on the same day of the month, or the month's last day when it has none (31 Jan + 1 month).
  const target = new Date(Date.UTC(year, month - 1 + (period.months ?? 0), 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay) + (period.days ?? 0));
  return target.toISOString().slice(0, 10);
}
