import { z } from 'zod';

/** The most named views one user keeps per table. */
export const MAX_TABLE_VIEWS = 20;
export const TABLE_VIEW_NAME_MAX = 40;
/** A view is the list's address query (`keyword=VAT&status=2&sort=dueDate&order=ascend`). */
export const TABLE_VIEW_QUERY_MAX = 2000;

export const tableView = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The view as URL query text, without paging: what a link to the list with it would carry. */
  query: z.string(),
  isDefault: z.boolean(),
});
export type TableView = z.infer<typeof tableView>;

const viewName = z.string().trim().min(1).max(TABLE_VIEW_NAME_MAX);
const viewQuery = z
  .string()
  .max(TABLE_VIEW_QUERY_MAX)
  .refine((text) => !text.startsWith('?') && !/[\s#]/.test(text), 'query text without ?, # or spaces');

export const newTableView = z
  .object({ name: viewName, query: viewQuery, isDefault: z.boolean().default(false) })
  .strict();
export type NewTableView = z.input<typeof newTableView>;

export const tableViewPatch = z
  .object({ name: viewName, query: viewQuery, isDefault: z.boolean() })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'empty' });
export type TableViewPatch = z.infer<typeof tableViewPatch>;
