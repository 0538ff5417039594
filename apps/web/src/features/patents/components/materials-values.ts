import type { ApplicantDefaults, AttachedFile, PatentMaterials } from '@kxt/contracts/patents';

/** The materials form's values: the contract's shape (PatentMaterials). */
export type MaterialsValues = PatentMaterials;

const BLANK_INVENTOR = { nameCn: '', nameEn: '' };

/**
 * Loads saved materials (a draft may be partial) into the form, with at least one inventor line. An applicant
 * nothing was saved for starts from `defaults` (the customer's company); a saved one is kept as it was.
 */
export function toFormValues(
  saved: Record<string, unknown> | null,
  defaults: ApplicantDefaults = {},
): Partial<MaterialsValues> {
  const values = (saved ?? {}) as Partial<MaterialsValues>;
  return {
    ...values,
    applicant: { kind: 'company', ...(values.applicant ?? defaults) } as MaterialsValues['applicant'],
    inventors: values.inventors?.length ? values.inventors : [BLANK_INVENTOR],
    productSeriesInfo: { pictureInfoList: values.productSeriesInfo?.pictureInfoList ?? [] },
    drawings: values.drawings ?? [],
    specification: values.specification ?? [],
  };
}

function trimmed(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(trimmed);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .map(([key, inner]) => [key, trimmed(inner)] as const)
        .filter(([, inner]) => inner !== undefined && inner !== null && inner !== ''),
    );
  }
  return value;
}

/** The form's values as sent: text trimmed, empty optional fields left out. */
export function toMaterials(values: Partial<MaterialsValues>): Record<string, unknown> {
  return trimmed(values) as Record<string, unknown>;
}

export function fileList(value: unknown): AttachedFile[] {
  return Array.isArray(value) ? (value as AttachedFile[]) : [];
}
