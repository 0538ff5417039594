import { z } from 'zod';

/** Service types (`typeIdTopCode`): basic services and value-added ("increment") services. */
export const SERVICE_TYPES = ['basic', 'increment'] as const;
export const serviceTypeSchema = z.enum(SERVICE_TYPES);
export type ServiceType = z.infer<typeof serviceTypeSchema>;

/** Top categories of the catalogue (`categoryIdTopId`), with stable numeric ids. */
export const SERVICE_CATEGORIES = [
  { id: 1, code: 'vat' },
  { id: 2, code: 'epr' },
  { id: 3, code: 'trademark' },
  { id: 4, code: 'patent' },
  { id: 5, code: 'company' },
  { id: 6, code: 'compliance' },
] as const;
export type ServiceCategoryId = (typeof SERVICE_CATEGORIES)[number]['id'];
export const serviceCategoryIdSchema = z.coerce
  .number()
  .int()
  .refine((id) => SERVICE_CATEGORIES.some((category) => category.id === id)) as z.ZodType<ServiceCategoryId>;
export const categoryCode = (id: number) => SERVICE_CATEGORIES.find((category) => category.id === id)?.code;

/** Where 去新服务 leads, per service type. */
export const NEW_SERVICE_PATHS: Record<ServiceType, string> = {
  basic: '/new-service-management/basic-services',
  increment: '/new-service-management/value-added-services',
};

/** Countries and regions the business serves, by ISO code. */
export const SERVICE_COUNTRIES = [
  'GB',
  'DE',
  'FR',
  'IT',
  'ES',
  'NL',
  'PL',
  'CZ',
  'SE',
  'AT',
  'US',
  'JP',
  'AU',
  'CA',
  'AE',
] as const;
export const serviceCountrySchema = z.enum(SERVICE_COUNTRIES);

/**
 * Overdue level of a tax declaration from the days past its due date, and of a service item from its most overdue
 * open declaration: 1 (yellow) 1–15 days, 2 (orange) 16–30 days, 3 (red) more than 30 days, 0 not overdue.
 */
export const OVERDUE_LEVEL_MIN_DAYS = [1, 16, 31] as const;
export const OVERDUE_LEVELS = [0, 1, 2, 3] as const;
export type OverdueLevel = (typeof OVERDUE_LEVELS)[number];

export function overdueLevel(daysPastDue: number): OverdueLevel {
  if (daysPastDue >= OVERDUE_LEVEL_MIN_DAYS[2]) return 3;
  if (daysPastDue >= OVERDUE_LEVEL_MIN_DAYS[1]) return 2;
  if (daysPastDue >= OVERDUE_LEVEL_MIN_DAYS[0]) return 1;
  return 0;
}

/** Whole days from a `YYYY-MM-DD` due date to `today` (negative before it is due). */
export function daysPastDue(dueDate: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000);
}

export const isoDate = z.iso.date();
