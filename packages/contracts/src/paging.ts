import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const KEYWORD_MAX = 100;

/** antd's sort orders, which the tables send as they are. */
export const SORT_ORDERS = ['ascend', 'descend'] as const;

/**
 * Paging, keyword and sort shared by every list endpoint. Values that do not parse are a 400, never a silent
 * default; only absent values take the defaults.
 */
export function listQuery<const S extends readonly [string, ...string[]]>(
  sortFields: S,
  defaultSort: S[number],
) {
  return z.object({
    pageNum: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    keyword: z
      .string()
      .trim()
      .max(KEYWORD_MAX)
      .optional()
      .transform((value) => value || undefined),
    sort: z.enum(sortFields).default(defaultSort),
    order: z.enum(SORT_ORDERS).default('descend'),
  });
}

/** A 0/1 query flag, as the tables send booleans. */
export const queryFlag = z.enum(['0', '1']).transform((value) => (value === '1' ? 1 : 0) as 0 | 1);

export const statusTab = z.object({ status: z.string(), statusName: z.string(), count: z.number().int() });
export type StatusTab = z.infer<typeof statusTab>;

/** The answer of the back-office lists: rows of the page, the total, and a count per status tab. */
export function statusListEnvelope<T extends z.ZodType>(row: T) {
  return z.object({
    code: z.number().int(),
    msg: z.string(),
    rows: z.array(row),
    total: z.number().int(),
    statusTabList: z.array(statusTab),
  });
}

/** The status value of the "all" tab. */
export const ALL_STATUS = 'all';
