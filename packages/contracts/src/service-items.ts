import { z } from 'zod';
import { bulkBody } from './bulk.ts';
import { isoDate, SERVICE_COUNTRIES, serviceCategoryIdSchema, serviceTypeSchema } from './business.ts';
import { recordId, recordIdParam } from './ids.ts';
import { exportParams, SERVICE_ITEM_EXPORT_COLUMNS } from './list-export.ts';
import { listQuery, queryFlag } from './paging.ts';

/** Life of a customer's service: 1 not started, 2 in service, 3 paused, 4 expired, 5 terminated. */
export const SERVICE_ITEM_STATUSES = [1, 2, 3, 4, 5] as const;
export type ServiceItemStatus = (typeof SERVICE_ITEM_STATUSES)[number];
export const serviceItemStatusSchema = z.coerce
  .number()
  .int()
  .refine((value) =>
    (SERVICE_ITEM_STATUSES as readonly number[]).includes(value),
  ) as z.ZodType<ServiceItemStatus>;

export const SERVICE_ITEM_SORTS = ['createdAt', 'serviceCode', 'startDate', 'endDate'] as const;
export const serviceItemListQuery = listQuery(SERVICE_ITEM_SORTS, 'createdAt').extend({
  status: serviceItemStatusSchema.optional(),
  typeIdTopCode: serviceTypeSchema.optional(),
  categoryIdTopId: serviceCategoryIdSchema.optional(),
  country: z.enum(SERVICE_COUNTRIES).optional(),
  customerId: recordIdParam.optional(),
  overdueStatus: z.enum(['1', '2', '3']).transform(Number).optional(),
  isArrears: queryFlag.optional(),
  suspend: queryFlag.optional(),
});
export type ServiceItemListQuery = z.infer<typeof serviceItemListQuery>;

/** An export of the list: its filters and sort without paging, plus the file's format, columns and selection. */
export const serviceItemExportQuery = serviceItemListQuery
  .omit({ pageNum: true, pageSize: true })
  .extend(exportParams(SERVICE_ITEM_EXPORT_COLUMNS));
export type ServiceItemExportQuery = z.infer<typeof serviceItemExportQuery>;

export const servicePerform = z.object({
  serviceCode: z.string().nullable(),
  typeIdTopCode: serviceTypeSchema,
  categoryIdTopId: z.number().int(),
});
export type ServicePerform = z.infer<typeof servicePerform>;

export const serviceItemRow = z.object({
  id: z.number().int(),
  serviceCode: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  serviceId: z.number().int(),
  serviceName: z.string(),
  country: z.string(),
  status: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  remark: z.string().nullable(),
  createdAt: z.string(),
  isArrears: z.boolean(),
  suspend: z.boolean(),
  repeatServiceCodes: z.array(z.string()),
  specificLabel: z.boolean(),
  overdueStatus: z.number().int().min(0).max(3),
  servicePerform,
});
export type ServiceItemRow = z.infer<typeof serviceItemRow>;

export const serviceItemPatch = z
  .object({
    status: serviceItemStatusSchema,
    startDate: isoDate.nullable(),
    endDate: isoDate.nullable(),
    remark: z.string().trim().max(500).nullable(),
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'empty' });
export type ServiceItemPatch = z.infer<typeof serviceItemPatch>;

/** 批量修改状态: the selected rows (or all the filter matches) move to one status. */
export const serviceItemBulk = bulkBody({ status: serviceItemStatusSchema });
export type ServiceItemBulk = z.infer<typeof serviceItemBulk>;

export const newServiceItem = z
  .object({
    customerId: recordId,
    serviceId: recordId,
    startDate: isoDate.optional(),
    remark: z.string().trim().max(500).optional(),
    /** The service code this one follows on from (去新服务), if any. */
    previousServiceCode: z.string().trim().max(40).optional(),
  })
  .strict();
export type NewServiceItem = z.infer<typeof newServiceItem>;
