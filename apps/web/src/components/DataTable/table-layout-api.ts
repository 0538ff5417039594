import type { TableLayout } from '@kxt/contracts/table-layouts';
import { api } from '../api/api-client.ts';

export const tableLayoutQueryKey = (moduleKey: string) => ['table-layout', moduleKey] as const;

/**
 * The user's saved layout of a table, or null. Silent: without it the table falls back to the layout kept in local
 * storage, which is all a person could do about it anyway.
 */
export function fetchTableLayout(moduleKey: string, signal?: AbortSignal): Promise<TableLayout | null> {
  return api.get<TableLayout | null>(`/api/table-layouts/${encodeURIComponent(moduleKey)}`, undefined, {
    silent: true,
    signal,
  });
}

/** Saves the layout (`fieldInfo` is JSON text); a failure shows the server's message. */
export function saveTableLayout(layout: {
  id: number | null;
  moduleKey: string;
  fieldInfo: string;
}): Promise<TableLayout> {
  return api.put<TableLayout>(`/api/table-layouts/${encodeURIComponent(layout.moduleKey)}`, layout);
}
