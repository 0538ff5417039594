import { z } from 'zod';
import { bulkBody } from './bulk.ts';
import { isoDate, SERVICE_COUNTRIES } from './business.ts';
import { recordIdParam } from './ids.ts';
import { exportParams, TAX_DECLARATION_EXPORT_COLUMNS } from './list-export.ts';
import { listQuery } from './paging.ts';

/**
 * Tabs of the declaration list. Stored states are pending and declared; overdue is a pending declaration past its
 * due date, so `pending` lists only those not yet due.
 */
export const TAX_DECLARATION_STATUSES = ['pending', 'overdue', 'declared'] as const;
export const taxDeclarationStatusSchema = z.enum(TAX_DECLARATION_STATUSES);
export type TaxDeclarationStatus = z.infer<typeof taxDeclarationStatusSchema>;

/** Who filed a declared return: our company, or the customer elsewhere. */
export const DECLARED_BY = ['us', 'other'] as const;
export const declaredBySchema = z.enum(DECLARED_BY);
export type DeclaredBy = (typeof DECLARED_BY)[number];

/** A month (`2026-03`) or a quarter (`2026-Q1`). */
export const TAX_PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2]|Q[1-4])$/;

/** `daysOverdue`: most overdue first when descending; declarations that are not overdue come after them. */
export const TAX_DECLARATION_SORTS = [
  'dueDate',
  'declaredDate',
  'createdAt',
  'amount',
  'daysOverdue',
] as const;
export const taxDeclarationListQuery = listQuery(TAX_DECLARATION_SORTS, 'dueDate').extend({
  status: taxDeclarationStatusSchema.optional(),
  country: z.enum(SERVICE_COUNTRIES).optional(),
  declaredBy: declaredBySchema.optional(),
  taxPeriod: z.string().regex(TAX_PERIOD_PATTERN).optional(),
  serviceItemId: recordIdParam.optional(),
  /** One customer's declarations (the jump from 客户管理). */
  customerId: recordIdParam.optional(),
  overdueStatus: z.enum(['1', '2', '3']).transform(Number).optional(),
  /** Due dates from and to (inclusive, `YYYY-MM-DD`); either end may be open. */
  dueFrom: isoDate.optional(),
  dueTo: isoDate.optional(),
});
export type TaxDeclarationListQuery = z.infer<typeof taxDeclarationListQuery>;

/** An export of the list: its filters and sort without paging, plus the file's format, columns and selection. */
export const taxDeclarationExportQuery = taxDeclarationListQuery
  .omit({ pageNum: true, pageSize: true })
  .extend(exportParams(TAX_DECLARATION_EXPORT_COLUMNS));
export type TaxDeclarationExportQuery = z.infer<typeof taxDeclarationExportQuery>;

export const taxDeclarationRow = z.object({
  id: z.number().int(),
  serviceItemId: z.number().int(),
  serviceCode: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  country: z.string(),
  taxPeriod: z.string(),
  dueDate: z.string(),
  declaredDate: z.string().nullable(),
  declaredBy: declaredBySchema.nullable(),
  /** Integer minor units (cents) of `currency`. */
  amount: z.number().int(),
  currency: z.string(),
  status: taxDeclarationStatusSchema,
  daysOverdue: z.number().int(),
  overdueStatus: z.number().int().min(0).max(3),
  createdAt: z.string(),
});
export type TaxDeclarationRow = z.infer<typeof taxDeclarationRow>;

/** The sum of 税额 in one currency over the current filter and tab (minor units); currencies are never added up. */
export const amountTotal = z.object({ currency: z.string(), amount: z.number().int() });
export type AmountTotal = z.infer<typeof amountTotal>;

/** Declaring needs the date and who declared; undoing it (back to pending) clears both. */
export const taxDeclarationPatch = z
  .object({
    status: z.enum(['pending', 'declared']),
    declaredDate: isoDate.nullable(),
    declaredBy: declaredBySchema.nullable(),
    amount: z.number().int().min(0).max(1_000_000_000_00),
    dueDate: isoDate,
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'empty' });
export type TaxDeclarationPatch = z.infer<typeof taxDeclarationPatch>;

/** 批量标记已申报: pending declarations marked declared on one date, by one party; declared ones stay as they are. */
export const taxDeclarationBulk = bulkBody({ declaredDate: isoDate, declaredBy: declaredBySchema });
export type TaxDeclarationBulk = z.infer<typeof taxDeclarationBulk>;
