import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import type { TableView } from '@kxt/contracts/table-views';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok, setCookie } from '../../test/mock-api.ts';
import { DataTable } from './DataTable.tsx';
import { lastParams, type Person, peopleColumns, peopleRequest, renderWithApp } from './test-helpers.tsx';

const VIEWS = '/api/table-views/people';
let views: TableView[];
let server: ReturnType<typeof mockApi>;

beforeEach(() => {
  setCookie(CSRF_COOKIE, 'csrf');
  views = [
    { id: 1, name: '待处理的人', query: 'status=pending', isDefault: true },
    { id: 2, name: '德国', query: 'country=DE', isDefault: false },
  ];
  server = mockApi({
    'GET /api/table-layouts/people': ok(null),
    [`GET ${VIEWS}`]: () => ok(views),
    [`POST ${VIEWS}`]: (call) => {
      const saved = { id: 3, ...(call.body as Omit<TableView, 'id'>) };
      views = [...views, saved];
      return ok(saved);
    },
    [`DELETE ${VIEWS}/2`]: ok(null),
  });
});

function renderPeople(path = '/list') {
  const request = peopleRequest();
  const view = renderWithApp(
    <DataTable<Person>
      tableKey="people"
      rowKey="id"
      columns={peopleColumns()}
      request={request}
      statusTabs={{ dataIndex: 'status' }}
    />,
    { path },
  );
  return { ...view, request };
}

const openViews = async (user: ReturnType<typeof renderWithApp>['user']) =>
  user.click(await screen.findByRole('button', { name: /视图/ }));

describe('DataTable: saved views', () => {
  it('opens with the default view, and a link still opens as it was shared', async () => {
    const { request } = renderPeople();
    await waitFor(() => expect(lastParams(request)).toMatchObject({ status: 'pending' }));
    expect(await screen.findByText('共 9 条')).toBeInTheDocument();

    const linked = renderPeople('/list?keyword=Person%202');
    await waitFor(() => expect(lastParams(linked.request)).toMatchObject({ keyword: 'Person 2' }));
    expect(lastParams(linked.request).status).toBeUndefined();
  });

  it('shows a view as it was saved when it is chosen', async () => {
    const { user, request, currentPath } = renderPeople();
    await screen.findByText('共 9 条');
    await openViews(user);
    await user.click(await screen.findByRole('menuitem', { name: '德国' }));
    await waitFor(() => expect(lastParams(request)).toMatchObject({ country: 'DE' }));
    expect(lastParams(request).status).toBeUndefined();
    expect(currentPath()).toBe('/list?country=DE');
  });

  it('saves the current view under a name, as the default if asked', async () => {
    const { user } = renderPeople('/list?keyword=Person%201&pageNum=2');
    await screen.findByText(/^共 \d+ 条$/);
    await openViews(user);
    await user.click(await screen.findByRole('menuitem', { name: '保存当前视图…' }));
    const dialog = (await screen.findByText('视图名称')).closest('.ant-modal') as HTMLElement;
    await user.type(within(dialog).getByRole('textbox'), '一号们');
    await user.click(within(dialog).getByRole('checkbox', { name: '设为默认视图' }));
    await user.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() => expect(server.callsTo(`POST ${VIEWS}`)).toHaveLength(1));
    // Saved without the page: a view opens on its first page.
    expect(server.callsTo(`POST ${VIEWS}`)[0]?.body).toEqual({
      name: '一号们',
      isDefault: true,
      query: 'keyword=Person+1',
    });
    // The menu lists the new view at once.
    await openViews(user);
    expect(await screen.findByRole('menuitem', { name: /一号们/ })).toBeInTheDocument();
  });

  it('keeps the dialog and says why when the name is taken', async () => {
    server = mockApi({
      'GET /api/table-layouts/people': ok(null),
      [`GET ${VIEWS}`]: () => ok(views),
      [`POST ${VIEWS}`]: fail(409, '已有同名视图「德国」，请换一个名称'),
    });
    const { user } = renderPeople();
    await openViews(user);
    await user.click(await screen.findByRole('menuitem', { name: '保存当前视图…' }));
    const dialog = (await screen.findByText('视图名称')).closest('.ant-modal') as HTMLElement;
    await user.type(within(dialog).getByRole('textbox'), '德国');
    await user.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(await within(dialog).findByText('已有同名视图「德国」，请换一个名称')).toBeInTheDocument();
  });

  it('deletes a view after a confirmation', async () => {
    const { user } = renderPeople();
    await openViews(user);
    await user.click(await screen.findByRole('menuitem', { name: '管理视图…' }));
    const row = (await screen.findByText('德国', { selector: '.ant-list-item span' })).closest(
      '.ant-list-item',
    ) as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /删\s?除/ }));
    const confirmation = await waitFor(() => {
      const box = document.querySelector('.ant-modal-confirm');
      if (!box) throw new Error('no confirmation yet');
      return box as HTMLElement;
    });
    expect(within(confirmation).getAllByText('删除视图「德国」？').length).toBeGreaterThan(0);
    await user.click(within(confirmation).getByRole('button', { name: /删\s?除/ }));
    await waitFor(() => expect(server.callsTo(`DELETE ${VIEWS}/2`)).toHaveLength(1));
  });
});
