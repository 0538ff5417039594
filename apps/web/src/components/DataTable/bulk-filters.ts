import type { QueryParams } from '../api/api-client.ts';

/**
 * The list's filters as a bulk action sends them: as they would read in the list's query string (text, lists of
 * text), so the server validates them with the list's own query schema.
 */
export function bulkFilters(filters: QueryParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) out[name] = value.map(String);
    else if (typeof value === 'boolean') out[name] = value ? '1' : '0';
    else out[name] = String(value);
  }
  return out;
}
