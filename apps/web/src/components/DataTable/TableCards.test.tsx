import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { matchesWidth, stillMediaQuery } from '../../test/media-query.ts';
import { mockApi, ok, setCookie } from '../../test/mock-api.ts';
import { serviceCodeColumn } from './common-columns.tsx';
import { DataTable } from './DataTable.tsx';
import { cardParts } from './TableCards.tsx';
import {
  lastParams,
  type Person,
  people,
  peopleRequest,
  peopleWithState,
  renderWithApp,
} from './test-helpers.tsx';
import type { DataTableColumn, DataTableProps, RequestParams, SortState } from './types.ts';

beforeEach(() => {
  setCookie(CSRF_COOKIE, 'csrf');
  mockApi({ 'GET /api/table-layouts/people': ok(null) });
});
afterEach(() => vi.restoreAllMocks());

/** A window `width` pixels wide, as the layouts' media queries read it. */
function windowWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    stillMediaQuery(query, matchesWidth(query, width)),
  );
}

/** The people list 人员 (a sortable creation time, the status as the row's state) in a window `width` wide. */
function renderPeople(props: Partial<DataTableProps<Person>> = {}, width = 390) {
  windowWidth(width);
  return renderWithApp(
    <DataTable<Person>
      tableKey="people"
      headerTitle="人员"
      rowKey="id"
      columns={peopleWithState({ createdAt: { sorter: true } })}
      request={peopleRequest()}
      {...props}
    />,
  );
}

const cards = () => within(screen.getByRole('list', { name: '人员' })).getAllByRole('listitem');

describe('cardParts', () => {
  const column = (title: string, extra: Partial<DataTableColumn<Person>> = {}): DataTableColumn<Person> => ({
    title,
    dataIndex: title,
    ...extra,
  });

  it('titles the card with the column pinned left and puts the state pinned right beside it', () => {
    const shown = [
      column('code'),
      column('name'),
      column('state'),
      column('actions', { valueType: 'option' }),
    ];
    const parts = cardParts(shown, { code: 'left', state: 'right', actions: 'right' });
    expect(parts.title?.title).toBe('code');
    expect(parts.state?.title).toBe('state');
    expect(parts.fields.map((each) => each.title)).toEqual(['name']);
    expect(parts.actions?.title).toBe('actions');
  });

  it('puts a column marked as the state beside the title wherever it is pinned (the patent lists pin it left)', () => {
    const shown = [column('order'), column('status', { state: true }), column('name'), column('other')];
    const parts = cardParts(shown, { order: 'left', status: 'left', other: 'right' });
    expect(parts.title?.title).toBe('order');
    expect(parts.state?.title).toBe('status');
    expect(parts.fields.map((each) => each.title)).toEqual(['name', 'other']);
  });

  it('titles the card with the first column when none is pinned, and has no state when none is pinned right', () => {
    const parts = cardParts([column('name'), column('email')], {});
    expect(parts.title?.title).toBe('name');
    expect(parts.state).toBeUndefined();
    expect(parts.fields.map((each) => each.title)).toEqual(['email']);
    expect(parts.actions).toBeUndefined();
  });
});

describe('DataTable on a phone', () => {
  it('shows each row as a card: its name, its state beside it, every other column labelled, then its actions', async () => {
    renderPeople();
    await screen.findByText('Person 1');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(cards()).toHaveLength(10);
    const first = cards()[0] as HTMLElement;
    expect(within(first).getByText('Person 1')).toBeInTheDocument();
    expect(within(first).getByText('待处理')).toBeInTheDocument();
    for (const label of ['邮箱', '国家', '创建时间'])
      expect(within(first).getByText(label)).toBeInTheDocument();
    expect(within(first).getByText('p1@example.com')).toBeInTheDocument();
    expect(within(first).getByText('英国')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: '查看' })).toBeInTheDocument();
    // The name is the title, not a labelled line; the state sits beside it.
    expect(within(first).queryByText('姓名')).not.toBeInTheDocument();
    expect(within(first).queryByText('状态')).not.toBeInTheDocument();
    expect(screen.getByText('共 25 条')).toBeInTheDocument();
    // Cards have no row height to choose.
    expect(screen.queryByRole('button', { name: '密度' })).not.toBeInTheDocument();
  });

  it('titles a card with the service code a list pins left', async () => {
    windowWidth(390);
    type Coded = Person & { serviceCode: string };
    const columns: DataTableColumn<Coded>[] = [
      { title: '姓名', dataIndex: 'name' },
      serviceCodeColumn<Coded>('服务编号'),
    ];
    renderWithApp(
      <DataTable<Coded>
        tableKey="people"
        headerTitle="人员"
        rowKey="id"
        columns={columns}
        request={async () => ({
          data: [{ ...people[0], serviceCode: 'KXT-0001' } as Coded],
          total: 1,
          success: true,
        })}
      />,
    );
    await screen.findByText('KXT-0001');
    const card = cards()[0] as HTMLElement;
    expect(within(card).getByText('KXT-0001')).toBeInTheDocument();
    expect(within(card).queryByText('服务编号')).not.toBeInTheDocument();
    expect(within(card).getByText('姓名')).toBeInTheDocument();
  });

  it('folds the lines past the first six until 显示全部 is pressed', async () => {
    const extra = ['甲', '乙', '丙', '丁', '戊'].map((title) => ({
      title,
      key: title,
      render: () => `${title}值`,
    }));
    const { user } = renderPeople({
      columns: [...peopleWithState({ createdAt: { sorter: true } }), ...extra],
    });
    await screen.findByText('Person 1');
    const first = cards()[0] as HTMLElement;
    // 邮箱, 国家, 创建时间, 甲, 乙, 丙 shown; 丁 and 戊 folded.
    expect(within(first).getByText('丙')).toBeInTheDocument();
    expect(within(first).queryByText('丁')).not.toBeInTheDocument();
    const toggle = within(first).getByRole('button', { name: '显示全部（另有 2 项）' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(first).getByText('戊')).toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: '收起' }));
    expect(within(first).queryByText('戊')).not.toBeInTheDocument();
  });

  it('ticks rows by their boxes and says how many are selected', async () => {
    const onChange = vi.fn();
    const { user } = renderPeople({ rowSelection: { onChange } });
    await screen.findByText('Person 1');
    const [first, second] = cards();
    await user.click(within(first as HTMLElement).getByRole('checkbox', { name: '选择此行' }));
    await user.click(within(second as HTMLElement).getByRole('checkbox', { name: '选择此行' }));
    expect(screen.getByText('已选择 2 项')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith([1, 2], expect.any(Array), { type: 'single' });
    await user.click(within(first as HTMLElement).getByRole('checkbox', { name: '选择此行' }));
    expect(screen.getByText('已选择 1 项')).toBeInTheDocument();
  });

  it('sorts by a sortable column from a menu, as the column header does on a desktop', async () => {
    const answer = peopleRequest();
    const request = vi.fn((params: RequestParams, _sort: SortState) => answer(params));
    const { user } = renderPeople({ request });
    await screen.findByText('Person 1');
    await user.click(screen.getByRole('combobox', { name: '排序' }));
    await user.click(await screen.findByText('创建时间 降序'));
    await waitFor(() => expect(request.mock.lastCall?.[1]).toEqual({ createdAt: 'descend' }));
    expect(lastParams(request).current).toBe(1);
  });

  it('shows why the list could not be read, with 重试, where the cards would be', async () => {
    const request = vi.fn(async () => {
      throw new Error('network');
    });
    renderPeople({ request });
    expect(await screen.findByText('列表加载失败，请稍后重试')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s?试/ })).toBeInTheDocument();
    expect(screen.queryByText(/共 \d+ 条/)).not.toBeInTheDocument();
  });

  it('folds the search form to its first field, and the toggle counts the filters set in folded ones', async () => {
    const { user } = renderPeople();
    await screen.findByText('Person 1');
    expect(screen.getByLabelText('关键词')).toBeVisible();
    expect(screen.getByLabelText('国家')).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: '展开筛选' }));
    await user.click(screen.getByLabelText('国家'));
    await user.click(await screen.findByTitle('英国'));
    await user.click(screen.getByRole('button', { name: /查\s?询/ }));
    await user.click(screen.getByRole('button', { name: '收起筛选' }));
    expect(screen.getByLabelText('国家')).not.toBeVisible();
    expect(screen.getByRole('button', { name: '展开筛选 (1)' })).toBeInTheDocument();
  });

  it('keeps the table on a desktop', async () => {
    renderPeople({}, 1440);
    await screen.findByText('Person 1');
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '人员' })).not.toBeInTheDocument();
  });
});
