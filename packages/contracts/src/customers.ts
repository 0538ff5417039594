import { z } from 'zod';
import { COMPANY_VERIFICATION_STATES } from './accounts.ts';
import { bulkBody } from './bulk.ts';
import { recordId, recordIdParam } from './ids.ts';
import { CUSTOMER_EXPORT_COLUMNS, exportParams } from './list-export.ts';
import { listQuery, queryFlag } from './paging.ts';

/** Tabs of the customer list: a customer in arrears or suspended shows under that tab (and may be in both). */
export const CUSTOMER_STATUSES = ['normal', 'arrears', 'suspended'] as const;
export const customerStatusSchema = z.enum(CUSTOMER_STATUSES);

export const CUSTOMER_SORTS = ['createdAt', 'name'] as const;
export const customerListQuery = listQuery(CUSTOMER_SORTS, 'createdAt').extend({
  status: customerStatusSchema.optional(),
  country: z.string().trim().min(2).max(10).optional(),
  ownerUserId: recordIdParam.optional(),
  isArrears: queryFlag.optional(),
  suspend: queryFlag.optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;

/** An export of the list: its filters and sort without paging, plus the file's format, columns and selection. */
export const customerExportQuery = customerListQuery
  .omit({ pageNum: true, pageSize: true })
  .extend(exportParams(CUSTOMER_EXPORT_COLUMNS));
export type CustomerExportQuery = z.infer<typeof customerExportQuery>;

export const customerRow = z.object({
  id: z.number().int(),
  name: z.string(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  country: z.string().nullable(),
  ownerUserId: z.number().int().nullable(),
  ownerName: z.string().nullable(),
  isArrears: z.boolean(),
  suspend: z.boolean(),
  /** `pending`: signed itself up, licence not yet checked by staff (issue 17). */
  verification: z.enum(COMPANY_VERIFICATION_STATES),
  licenceNo: z.string().nullable(),
  serviceItemCount: z.number().int(),
  createdAt: z.string(),
});
export type CustomerRow = z.infer<typeof customerRow>;

export const customerPatch = z
  .object({
    contactName: z.string().trim().max(100).nullable(),
    phone: z.string().trim().max(50).nullable(),
    email: z.email().max(200).nullable(),
    country: z.string().trim().min(2).max(10).nullable(),
    ownerUserId: recordId.nullable(),
    isArrears: z.boolean(),
    suspend: z.boolean(),
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'empty' });
export type CustomerPatch = z.infer<typeof customerPatch>;

/** 批量挂起 / 恢复服务: the selected customers (or all the filter matches) suspended or resumed. */
export const customerBulk = bulkBody({ suspend: z.boolean() });
export type CustomerBulk = z.infer<typeof customerBulk>;
