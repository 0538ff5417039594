import { MERGE_FIELDS, type MergeField } from '@kxt/contracts/agreements';

export type MergeValues = Partial<Record<MergeField, string>>;

const FIELD = /\{\{\s*(\w+)\s*\}\}/g;

/** The first `{{field}}` of a template text that is not a known merge field, or null. */
export function unknownMergeField(text: string): string | null {
  for (const match of text.matchAll(FIELD)) {
    const name = match[1] as string;
    if (!(MERGE_FIELDS as readonly string[]).includes(name)) return name;
  }
  return null;
}

/** A blank to write on by hand, where an agreement left a merge value empty. */
export const BLANK = '__________';

/**
 * Fills `{{field}}` with its value. `null` values keeps the fields as written (the template's own preview shows
 * where they go); a missing or empty value becomes a blank line.
 */
export function fillMergeFields(text: string, values: MergeValues | null): string {
  if (!values) return text;
  return text.replace(FIELD, (_, name: string) => values[name as MergeField]?.trim() || BLANK);
}
