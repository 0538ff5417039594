import { DEADLINE_KINDS, type DeadlineKind, type DeadlineRow } from '@kxt/contracts/deadlines';
import { Alert, Calendar, Checkbox, Flex, Grid, Segmented, Select, Spin, Tag, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import type { DataTableColumn, RequestParams } from '../../../components/DataTable/types.ts';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { fetchDeadlines, useDeadlines } from '../api/deadlines.ts';
import { DaysLeft } from '../components/DaysLeft.tsx';
import { DeadlineLink } from '../components/DeadlineLink.tsx';

type View = 'month' | 'list';

export const KIND_COLORS: Record<DeadlineKind, string> = {
  oaReply: 'red',
  renewal: 'blue',
  signingLink: 'purple',
  authorizationFee: 'gold',
};

/** A day shows this many deadlines; the rest are counted. */
const PER_DAY = 3;
const DAY_FORMAT = 'YYYY-MM-DD';
/** The list view's window: a month back (overdue work) to a year ahead (renewals). */
const LIST_FROM_DAYS = -30;
const LIST_TO_DAYS = 365;

/**
 * /admin/deadlines (staff): every company's deadlines, as a month calendar or a list, by kind and overdue; each
 * one leads to its record (the patent or agreement list filtered to it).
 */
export default function DeadlineCalendarPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('month');
  const [kind, setKind] = useState<DeadlineKind | undefined>(undefined);
  const [overdue, setOverdue] = useState(false);

  return (
    <Flex vertical gap="middle">
      <PageTitle title={t('deadlines.title')} description={t('deadlines.intro')} />
      <Flex gap="middle" wrap align="center">
        <Segmented<View>
          value={view}
          options={[
            { value: 'month', label: t('deadlines.month') },
            { value: 'list', label: t('deadlines.list') },
          ]}
          onChange={setView}
        />
        <Select<DeadlineKind | 'all'>
          style={{ width: 180 }}
          aria-label={t('deadlines.kind')}
          value={kind ?? 'all'}
          options={[
            { value: 'all', label: t('deadlines.allKinds') },
            ...DEADLINE_KINDS.map((value) => ({ value, label: t(`deadlines.kinds.${value}`) })),
          ]}
          onChange={(value) => setKind(value === 'all' ? undefined : value)}
        />
        <Checkbox checked={overdue} onChange={(event) => setOverdue(event.target.checked)}>
          {t('deadlines.overdueOnly')}
        </Checkbox>
      </Flex>
      {view === 'month' ? (
        <MonthView kind={kind} overdue={overdue} />
      ) : (
        <ListView kind={kind} overdue={overdue} />
      )}
    </Flex>
  );
}

interface FilterProps {
  kind: DeadlineKind | undefined;
  overdue: boolean;
}

function MonthView({ kind, overdue }: FilterProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [month, setMonth] = useState<Dayjs>(() => dayjs());
  const [selected, setSelected] = useState<string | undefined>(undefined);
  // A phone's day cells are too narrow for names: they show a count, and the chosen day's list follows.
  const narrow = Grid.useBreakpoint().md === false;
  // The calendar shows six weeks around the month: ask for all of them.
  const from = month.startOf('month').startOf('week').subtract(7, 'day');
  const to = month.endOf('month').endOf('week').add(7, 'day');
  const deadlines = useDeadlines({ from: from.format(DAY_FORMAT), to: to.format(DAY_FORMAT), kind, overdue });
  const byDay = new Map<string, DeadlineRow[]>();
  for (const row of deadlines.data?.rows ?? []) {
    byDay.set(row.dueOn, [...(byDay.get(row.dueOn) ?? []), row]);
  }

  return (
    <Spin spinning={deadlines.isFetching}>
      {deadlines.isError ? <Alert type="error" showIcon message={t('deadlines.loadFailed')} /> : null}
      <Calendar
        value={month}
        mode="month"
        onPanelChange={(value) => setMonth(value)}
        onSelect={(value, info) => {
          if (info.source === 'date') setSelected(value.format(DAY_FORMAT));
          else setMonth(value);
        }}
        cellRender={(date, info) => {
          if (info.type !== 'date') return info.originNode;
          const rows = byDay.get(date.format(DAY_FORMAT)) ?? [];
          if (rows.length === 0) return null;
          if (narrow) {
            return (
              <Flex justify="center" data-testid="calendar-day" data-day={date.format(DAY_FORMAT)}>
                <Tag color={KIND_COLORS[rows[0]?.kind ?? 'oaReply']} style={{ marginInlineEnd: 0 }}>
                  {rows.length}
                </Tag>
              </Flex>
            );
          }
          return (
            <Flex vertical gap={2} data-testid="calendar-day" data-day={date.format(DAY_FORMAT)}>
              {rows.slice(0, PER_DAY).map((row) => (
                <DeadlineLink key={row.id} row={row}>
                  <Tag
                    color={KIND_COLORS[row.kind]}
                    title={`${t(`deadlines.kinds.${row.kind}`)} · ${row.reference} · ${row.customerName}`}
                    style={{
                      maxWidth: '100%',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      marginInlineEnd: 0,
                    }}
                  >
                    {row.reference}
                  </Tag>
                </DeadlineLink>
              ))}
              {rows.length > PER_DAY ? (
                <span style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>
                  {t('deadlines.more', { count: rows.length - PER_DAY })}
                </span>
              ) : null}
            </Flex>
          );
        }}
      />
      {selected ? (
        <DayList title={t('deadlines.dayTitle', { date: selected })} rows={byDay.get(selected) ?? []} />
      ) : null}
    </Spin>
  );
}

/** The deadlines of the day chosen in the calendar, each with its kind, customer and days left. */
function DayList({ title, rows }: { title: string; rows: DeadlineRow[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical gap="small" style={{ marginTop: token.margin }} data-testid="calendar-day-list">
      <strong>{title}</strong>
      {rows.length === 0 ? (
        <span style={{ color: token.colorTextSecondary }}>{t('deadlines.empty')}</span>
      ) : null}
      {rows.map((row) => (
        <Flex key={row.id} gap="small" align="center" wrap>
          <Tag color={KIND_COLORS[row.kind]}>{t(`deadlines.kinds.${row.kind}`)}</Tag>
          <DeadlineLink row={row}>{row.reference}</DeadlineLink>
          <span style={{ color: token.colorTextSecondary }}>{row.customerName}</span>
          <DaysLeft days={row.daysLeft} />
        </Flex>
      ))}
    </Flex>
  );
}

function ListView({ kind, overdue }: FilterProps) {
  const { t } = useTranslation();
  const columns: DataTableColumn<DeadlineRow>[] = [
    { title: t('deadlines.dueOn'), dataIndex: 'dueOn', search: false, width: 120 },
    {
      title: t('deadlines.daysLeft'),
      dataIndex: 'daysLeft',
      search: false,
      width: 140,
      render: (_dom, row) => <DaysLeft days={row.daysLeft} />,
    },
    {
      title: t('deadlines.kind'),
      dataIndex: 'kind',
      search: false,
      width: 150,
      render: (_dom, row) => <Tag color={KIND_COLORS[row.kind]}>{t(`deadlines.kinds.${row.kind}`)}</Tag>,
    },
    {
      title: t('deadlines.reference'),
      dataIndex: 'reference',
      search: false,
      render: (_dom, row) => <DeadlineLink row={row}>{row.reference}</DeadlineLink>,
    },
    { title: t('deadlines.subject'), dataIndex: 'title', search: false },
    { title: t('deadlines.customer'), dataIndex: 'customerName', search: false },
  ];

  const request = async (params: RequestParams) => {
    const today = dayjs();
    const list = await fetchDeadlines({
      from: today.add(LIST_FROM_DAYS, 'day').format(DAY_FORMAT),
      to: today.add(LIST_TO_DAYS, 'day').format(DAY_FORMAT),
      kind,
      overdue,
    });
    const start = (params.current - 1) * params.pageSize;
    return { data: list.rows.slice(start, start + params.pageSize), total: list.total, success: true };
  };

  return (
    <DataTable<DeadlineRow>
      tableKey="admin.deadlines"
      rowKey="id"
      columns={columns}
      request={request}
      params={{ kind, overdue }}
      search={false}
      scroll={{ x: 900 }}
    />
  );
}
