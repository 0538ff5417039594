import { z } from 'zod';

export const MODULE_KEY_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
export const moduleKeySchema = z.string().regex(MODULE_KEY_PATTERN);

/** One column's saved settings: order is the array order. */
export const tableColumnSetting = z
  .object({
    key: z.string().min(1).max(100),
    show: z.boolean().optional(),
    fixed: z.enum(['left', 'right']).nullable().optional(),
    width: z.number().int().min(20).max(2000).nullable().optional(),
  })
  .strict();

/** What `fieldInfo` (JSON text) must hold: the visible column keys and the columns' order and settings. */
export const tableFieldInfo = z
  .object({
    checkedKeys: z.array(z.string().min(1).max(100)).max(200),
    tableColums: z.array(tableColumnSetting).max(200),
  })
  .strict();
export type TableFieldInfo = z.infer<typeof tableFieldInfo>;

const FIELD_INFO_MAX = 20_000;

/** `fieldInfo` is sent as text (the spec's shape); it must parse to a valid TableFieldInfo. */
export const fieldInfoText = z
  .string()
  .max(FIELD_INFO_MAX)
  .refine((text) => {
    try {
      return tableFieldInfo.safeParse(JSON.parse(text)).success;
    } catch {
      return false;
    }
  }, 'fieldInfo must be JSON with checkedKeys and tableColums');

export const tableLayout = z.object({
  id: z.number().int().nullable(),
  moduleKey: moduleKeySchema,
  fieldInfo: fieldInfoText,
});
export type TableLayout = z.infer<typeof tableLayout>;

export const saveTableLayout = z
  .object({
    id: z.number().int().nullable().optional(),
    moduleKey: moduleKeySchema,
    fieldInfo: fieldInfoText,
  })
  .strict();
