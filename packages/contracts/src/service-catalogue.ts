import { z } from 'zod';
import { SERVICE_COUNTRIES, serviceCategoryIdSchema, serviceTypeSchema } from './business.ts';
import { listQuery } from './paging.ts';

export const SERVICE_SORTS = ['name', 'price', 'country'] as const;
export const serviceListQuery = listQuery(SERVICE_SORTS, 'name').extend({
  typeIdTopCode: serviceTypeSchema.optional(),
  categoryIdTopId: serviceCategoryIdSchema.optional(),
  country: z.enum(SERVICE_COUNTRIES).optional(),
  /** The service code 去新服务 came from: its customer and country are offered first. */
  findValue: z.string().trim().max(40).optional(),
});
export type ServiceListQuery = z.infer<typeof serviceListQuery>;

export const serviceRow = z.object({
  id: z.number().int(),
  name: z.string(),
  typeIdTopCode: serviceTypeSchema,
  categoryIdTopId: z.number().int(),
  country: z.string(),
  /** Integer minor units of `currency`. */
  price: z.number().int(),
  currency: z.string(),
});
export type ServiceRow = z.infer<typeof serviceRow>;
