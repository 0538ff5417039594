import type { NewTableView, TableView, TableViewPatch } from '@kxt/contracts/table-views';
import { api } from '../api/api-client.ts';

export const tableViewsQueryKey = (moduleKey: string) => ['table-views', moduleKey] as const;
const path = (moduleKey: string) => `/api/table-views/${encodeURIComponent(moduleKey)}`;

/** The user's saved views of a list. Silent: without them the list opens as it would anyway. */
export function fetchTableViews(moduleKey: string, signal?: AbortSignal): Promise<TableView[]> {
  return api.get<TableView[]>(path(moduleKey), undefined, { silent: true, signal });
}

export const saveTableView = (moduleKey: string, view: NewTableView) =>
  api.post<TableView>(path(moduleKey), view);

export const updateTableView = (moduleKey: string, id: number, patch: TableViewPatch) =>
  api.patch<TableView>(`${path(moduleKey)}/${id}`, patch);

export const deleteTableView = (moduleKey: string, id: number) =>
  api.delete<null>(`${path(moduleKey)}/${id}`);
