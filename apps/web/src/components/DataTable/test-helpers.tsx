import type { CurrentUser } from '@kxt/contracts/auth';
import type { StatusTab } from '@kxt/contracts/paging';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { createQueryClient } from '../../app/query-client.ts';
import { reviewer } from '../../test/fixtures.ts';
import { currentUserQueryKey } from '../session/current-user.ts';
import { stateColumn } from './common-columns.tsx';
import type { DataTableColumn, RequestData, RequestParams } from './types.ts';

/** Renders a table (or anything) inside the app's providers and a router, logged in as `user`. */
export function renderWithApp(element: ReactElement, options: { path?: string; user?: CurrentUser } = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, options.user ?? reviewer);
  // No runtime CSS-in-JS: with antd's generated styles in the document, jsdom's getComputedStyle (which every
  // accessible-role query calls per element) takes seconds per query. What is tested is behaviour, not styling.
  const router = createMemoryRouter(
    [{ path: '*', element: <ConfigProvider theme={{ zeroRuntime: true }}>{element}</ConfigProvider> }],
    { initialEntries: [options.path ?? '/list'] },
  );
  const user = userEvent.setup({ delay: null });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const currentPath = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, user, router, queryClient, currentPath };
}

export interface Person {
  id: number;
  name: string;
  email: string | null;
  country: string;
  status: string;
  createdAt: string;
}

export const people: Person[] = Array.from({ length: 25 }, (_, index) => ({
  id: index + 1,
  name: `Person ${index + 1}`,
  email: `p${index + 1}@example.com`,
  country: index % 2 ? 'DE' : 'GB',
  status: index % 3 ? 'active' : 'pending',
  createdAt: '2026-11-01T08:00:00.000Z',
}));

export const statusTabList: StatusTab[] = [
  { status: 'all', statusName: '全部', count: 25 },
  { status: 'active', statusName: '活跃', count: 16 },
  { status: 'pending', statusName: '待处理', count: 9 },
];

/** A list endpoint over `people`: pages, filters by keyword and status, and counts the tabs. */
export function peopleRequest() {
  return vi.fn(async (params: RequestParams): Promise<RequestData<Person>> => {
    let rows = people;
    if (typeof params.keyword === 'string')
      rows = rows.filter((row) => row.name.includes(params.keyword as string));
    if (params.status) rows = rows.filter((row) => row.status === params.status);
    const start = (params.current - 1) * params.pageSize;
    return {
      data: rows.slice(start, start + params.pageSize),
      total: rows.length,
      success: true,
      statusTabList,
    };
  });
}

/** The last parameters a request mock was called with. */
export function lastParams(request: unknown): RequestParams {
  const call = (request as { mock: { calls: unknown[][] } }).mock.calls.at(-1);
  if (!call) throw new Error('request was not called');
  return call[0] as RequestParams;
}

export function peopleColumns(
  extra: Partial<Record<keyof Person | 'actions', Partial<DataTableColumn<Person>>>> = {},
) {
  const columns: DataTableColumn<Person>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true },
    { title: '姓名', dataIndex: 'name', search: false, ...extra.name },
    { title: '邮箱', dataIndex: 'email', search: false, ...extra.email },
    {
      title: '国家',
      dataIndex: 'country',
      valueType: 'select',
      valueEnum: { GB: { text: '英国' }, DE: { text: '德国' } },
      ...extra.country,
    },
    { title: '创建时间', dataIndex: 'createdAt', valueType: 'dateTime', search: false, ...extra.createdAt },
    {
      title: '操作',
      key: 'actions',
      valueType: 'option',
      render: () => <button type="button">查看</button>,
      ...extra.actions,
    },
  ];
  return columns;
}

/** `peopleColumns` with the status as the row's state (`stateColumn`) after 国家, as the lists define theirs. */
export function peopleWithState(extra: Parameters<typeof peopleColumns>[0] = {}): DataTableColumn<Person>[] {
  const columns = peopleColumns(extra);
  columns.splice(
    3,
    0,
    stateColumn<Person>({
      title: '状态',
      dataIndex: 'status',
      search: false,
      valueEnum: {
        active: { text: '活跃', status: 'success' },
        pending: { text: '待处理', status: 'warning' },
      },
    }),
  );
  return columns;
}

/** The table's column titles, left to right. */
export function headerTitles(): string[] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent?.trim() ?? '')
    .filter(Boolean);
}

/** Names shown in the table body's first data column (rows of the current page). */
export function bodyRows(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row')];
}

type TestUser = ReturnType<typeof userEvent.setup>;
const compact = (text: string | null | undefined) => (text ?? '').replace(/\s/g, '');

/** The open 更多 menu (antd keeps closed ones in the document, marked hidden). */
function openMenu(): HTMLElement {
  const menus = [...document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden)')];
  const menu = menus.at(-1);
  if (!menu) throw new Error('no open 更多 menu');
  return menu;
}

/** The buttons and links of a row's actions column (its last cell). */
function actionElements(row: HTMLElement): HTMLElement[] {
  const cell = [...row.querySelectorAll<HTMLElement>(':scope > td')].at(-1) ?? row;
  return [...within(cell).queryAllByRole('button'), ...within(cell).queryAllByRole('link')];
}

/**
 * Every action of a row, as a person sees them: the buttons and links shown, then those under 更多 (the menu is
 * opened, read and closed).
 */
export async function rowActionLabels(user: TestUser, row: HTMLElement): Promise<string[]> {
  const shown = actionElements(row);
  const more = shown.find((element) => compact(element.textContent) === '更多');
  const labels = shown.filter((element) => element !== more).map((element) => compact(element.textContent));
  if (!more) return labels;
  await user.click(more);
  const items = await waitFor(() => within(openMenu()).getAllByRole('menuitem'));
  labels.push(...items.map((item) => compact(item.textContent)));
  await user.click(more);
  return labels;
}

/** Clicks a row's action, opening 更多 when it is in there. */
export async function clickRowAction(user: TestUser, row: HTMLElement, name: string): Promise<void> {
  const shown = actionElements(row);
  const direct = shown.find((element) => compact(element.textContent) === name);
  if (direct) {
    await user.click(direct);
    return;
  }
  const more = shown.find((element) => compact(element.textContent) === '更多');
  if (!more) throw new Error(`no action ${name} in the row`);
  await user.click(more);
  const item = await waitFor(() => {
    const found = within(openMenu())
      .getAllByRole('menuitem')
      .find((candidate) => compact(candidate.textContent) === name);
    if (!found) throw new Error(`no action ${name} under 更多`);
    return found;
  });
  await user.click(item);
}
