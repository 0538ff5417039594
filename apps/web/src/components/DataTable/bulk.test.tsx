import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import type { BulkSummary } from '@kxt/contracts/bulk';
import { screen, waitFor, within } from '@testing-library/react';
import { Button } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok, setCookie } from '../../test/mock-api.ts';
import { type BulkContext, postBulk, useBulkAction } from './bulk.tsx';
import { DataTable } from './DataTable.tsx';
import { type Person, peopleRequest, renderWithApp } from './test-helpers.tsx';
import type { DataTableColumn } from './types.ts';

const columns: DataTableColumn<Person>[] = [
  { title: '关键词', dataIndex: 'keyword', hideInTable: true },
  { title: '姓名', dataIndex: 'name', search: false },
  { title: '状态', dataIndex: 'status', search: false },
];

const summary: BulkSummary = {
  done: 1,
  unchanged: 0,
  failed: 1,
  rows: [
    { id: 1, label: 'Person 1', result: 'done' },
    { id: 2, label: 'Person 2', result: 'failed', msg: '协议已签署，签署链接无需作废' },
  ],
};

function PeopleWithBulk() {
  const [bulk, holder] = useBulkAction();
  const deactivate = (context: BulkContext) =>
    void bulk(
      {
        action: '停用',
        danger: true,
        run: (target) => postBulk('/api/people/bulk', target, { active: false }),
      },
      context,
    );
  return (
    <>
      {holder}
      <DataTable<Person>
        tableKey="people"
        rowKey="id"
        columns={columns}
        request={request}
        rowSelection={{}}
        bulkActions={(context) => (
          <Button size="small" onClick={() => deactivate(context)}>
            停用
          </Button>
        )}
      />
    </>
  );
}

let server: ReturnType<typeof mockApi>;
let request: ReturnType<typeof peopleRequest>;
beforeEach(() => {
  setCookie(CSRF_COOKIE, 'csrf');
  request = peopleRequest();
  server = mockApi({
    'GET /api/table-layouts/people': ok(null),
    'POST /api/people/bulk': ok(summary),
  });
});

/** The confirmation of a bulk action, found by the count it states. */
const confirmation = async (count: number) =>
  (await screen.findByText(`将对 ${count} 条记录执行此操作。每条单独处理，一条失败不影响其他条。`)).closest(
    '.ant-modal',
  ) as HTMLElement;
const bodyRows = () => screen.getAllByRole('row').slice(1);
const tick = async (user: ReturnType<typeof renderWithApp>['user'], index: number) =>
  user.click(within(bodyRows()[index] as HTMLElement).getByRole('checkbox'));

describe('DataTable: bulk actions', () => {
  it('confirms with the number of selected rows, sends their ids, then says what happened to each and reloads', async () => {
    const { user } = renderWithApp(<PeopleWithBulk />);
    await screen.findByText('Person 1');
    await tick(user, 0);
    await tick(user, 1);
    await user.click(screen.getByRole('button', { name: /^停\s?用$/ }));

    const dialog = await confirmation(2);
    const calls = request.mock.calls.length;
    await user.click(within(dialog).getByRole('button', { name: /停\s?用/ }));

    await waitFor(() => expect(server.callsTo('POST /api/people/bulk')).toHaveLength(1));
    expect(server.callsTo('POST /api/people/bulk')[0]?.body).toEqual({
      target: { ids: [1, 2] },
      active: false,
    });
    expect(await screen.findByText('成功 1 条，无需修改 0 条，失败 1 条')).toBeInTheDocument();
    expect(screen.getByText('协议已签署，签署链接无需作废')).toBeInTheDocument();
    // The list is read again and the selection is gone: the rows have changed.
    await waitFor(() => expect(request.mock.calls.length).toBeGreaterThan(calls));
    expect(screen.queryByText(/已选择/)).not.toBeInTheDocument();
  });

  it('acts on every row the filter matches after 选择全部, sending the filter and the count the user confirmed', async () => {
    const { user } = renderWithApp(<PeopleWithBulk />);
    await screen.findByText('Person 1');
    await user.type(screen.getByRole('textbox', { name: '关键词' }), 'Person 1');
    await user.click(screen.getByRole('button', { name: /查\s?询/ }));
    await waitFor(() => expect(screen.queryByText('Person 2')).not.toBeInTheDocument());
    await tick(user, 0);
    await user.click(screen.getByRole('button', { name: '选择全部 11 条匹配项' }));
    expect(screen.getByText('已选择全部 11 条匹配项')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^停\s?用$/ }));
    const dialog = await confirmation(11);
    await user.click(within(dialog).getByRole('button', { name: /停\s?用/ }));
    await waitFor(() => expect(server.callsTo('POST /api/people/bulk')).toHaveLength(1));
    expect(server.callsTo('POST /api/people/bulk')[0]?.body).toEqual({
      target: { filters: { keyword: 'Person 1' }, expectedTotal: 11 },
      active: false,
    });
  });

  it('keeps the selection and shows the server message when the whole action is refused', async () => {
    server = mockApi({
      'GET /api/table-layouts/people': ok(null),
      'POST /api/people/bulk': fail(
        409,
        '列表已变化：当前筛选匹配 24 条，与确认时不同，未做任何修改，请重新确认',
      ),
    });
    const { user } = renderWithApp(<PeopleWithBulk />);
    await screen.findByText('Person 1');
    await tick(user, 0);
    await user.click(screen.getByRole('button', { name: /^停\s?用$/ }));
    await user.click(within(await confirmation(1)).getByRole('button', { name: /停\s?用/ }));
    expect(await screen.findByText(/列表已变化/)).toBeInTheDocument();
    expect(screen.queryByText(/成功 \d+ 条/)).not.toBeInTheDocument();
    expect(screen.getByText('已选择 1 项')).toBeInTheDocument();
  });

  it('offers no 选择全部 when the filter matches more rows than one bulk action may change', async () => {
    const many = peopleRequest();
    request = Object.assign(
      async (...args: Parameters<typeof many>) => ({ ...(await many(...args)), total: 501 }),
      many,
    ) as typeof many;
    const { user } = renderWithApp(<PeopleWithBulk />);
    await screen.findByText('Person 1');
    await tick(user, 0);
    expect(screen.queryByRole('button', { name: /选择全部/ })).not.toBeInTheDocument();
    expect(screen.getByText(/一次最多 500 条/)).toBeInTheDocument();
  });
});
