import type { WatchRow } from '@kxt/contracts/trademark-watches';
import { Badge, Button, Space, Table, type TableColumnsType, Tag } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/DataTable/confirm.tsx';
import { formatDate, formatList } from '../../../components/DataTable/format.ts';
import { RowCard, RowCards, usePaging } from '../../../components/DataTable/RowCards.tsx';
import { useNarrowScreen } from '../../../components/media/use-narrow-screen.ts';
import { useMarketName } from '../../trademark-search/components/country-names.ts';
import { useCancelWatch, useWatches } from '../api/watches.ts';
import { WATCH_STATUS_COLORS } from './watch-status.ts';

// The pay dialog loads when a watch is paid for, not with the list.
const PayDialog = lazy(() => import('../../payments/components/PayDialog.tsx'));

/**
 * The watches, newest first: what is watched where, until when, and how many hits wait; 查看命中 opens them. The
 * status stays in view beside the actions it decides (pay, renew); on a phone each watch is a card.
 */
export function WatchesTable({
  staff = false,
  customerId,
  selected,
  onSelect,
}: {
  staff?: boolean;
  /** Staff: only this company's watches. */
  customerId?: number | undefined;
  selected: number | undefined;
  onSelect: (id: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const marketName = useMarketName();
  const narrow = useNarrowScreen();
  const { page, pagination: paging } = usePaging();
  const watches = useWatches({ ...page, customerId });
  const cancel = useCancelWatch();
  const [paying, setPaying] = useState<WatchRow | null>(null);
  const [confirm, confirmHolder] = useConfirm();
  const askCancel = async (row: WatchRow) => {
    if (
      await confirm({
        title: t('watches.cancelTitle', { text: row.text }),
        content: t('watches.cancelContent'),
      })
    )
      cancel.mutate(row.id);
  };
  const countries = (row: WatchRow) =>
    formatList(
      row.countries.map((code) => marketName(code)),
      i18n.language,
    );
  const classes = (row: WatchRow) => (row.classes.length ? row.classes.join(', ') : t('watches.allClasses'));
  const statusTag = (row: WatchRow) => (
    <Tag color={WATCH_STATUS_COLORS[row.status]}>{t(`watches.statuses.${row.status}`)}</Tag>
  );
  const hitCount = (row: WatchRow) => (
    <Badge
      count={row.newHits}
      size="small"
      offset={[8, 0]}
      title={t('watches.newHits', { count: row.newHits })}
    >
      <span>{row.hits}</span>
    </Badge>
  );
  const actions = (row: WatchRow) => (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={() => onSelect(row.id)}>
        {t('watches.viewHits')}
      </Button>
      {!staff && row.status !== 'cancelled' && row.yearPrice ? (
        <Button type="link" size="small" onClick={() => setPaying(row)}>
          {row.status === 'awaiting_payment' ? t('watches.pay') : t('watches.renew')}
        </Button>
      ) : null}
      {row.status !== 'cancelled' && row.status !== 'expired' ? (
        <Button type="link" size="small" danger onClick={() => void askCancel(row)}>
          {t('watches.cancel')}
        </Button>
      ) : null}
    </Space>
  );
  const rows = watches.data?.rows ?? [];
  const loading = watches.isFetching || cancel.isPending;
  const emptyText = watches.isError ? t('watches.loadFailed') : t('watches.empty');
  const pagination = paging(watches.data?.total ?? 0);

  const columns: TableColumnsType<WatchRow> = [
    ...(staff ? [{ title: t('watches.customer'), dataIndex: 'customerName', width: 180 }] : []),
    { title: t('watches.text'), dataIndex: 'text', render: (value: string) => <strong>{value}</strong> },
    // Several long country names wrap rather than push the status and the actions off the page.
    {
      title: t('watches.countries'),
      key: 'countries',
      render: (_value, row) => <div style={{ maxWidth: 190 }}>{countries(row)}</div>,
    },
    { title: t('watches.classes'), key: 'classes', render: (_value, row) => classes(row) },
    {
      title: t('watches.expiresAt'),
      dataIndex: 'expiresAt',
      render: (value: string | null) => formatDate(value) || '-',
    },
    { title: t('watches.hits'), key: 'hits', render: (_value, row) => hitCount(row) },
    // The status decides the actions (pay, renew): both pinned right, always in view together.
    { title: t('watches.status'), key: 'status', fixed: 'right', render: (_value, row) => statusTag(row) },
    {
      title: t('watches.actions'),
      key: 'actions',
      fixed: 'right',
      // Long labels (Pay for a year, Cancel watch) go onto a second line rather than widening the table.
      render: (_value, row) => <div style={{ maxWidth: 220 }}>{actions(row)}</div>,
    },
  ];
  const list = narrow ? (
    <RowCards label={t('watches.mine')} loading={loading} emptyText={emptyText} pagination={pagination}>
      {rows.map((row) => (
        <RowCard
          key={row.id}
          title={row.text}
          tag={statusTag(row)}
          selected={row.id === selected}
          fields={[
            ...(staff ? [[t('watches.customer'), row.customerName] as [string, ReactNode]] : []),
            [t('watches.countries'), countries(row)],
            [t('watches.classes'), classes(row)],
            [t('watches.expiresAt'), formatDate(row.expiresAt) || '-'],
            [t('watches.hits'), hitCount(row)],
          ]}
          actions={actions(row)}
        />
      ))}
    </RowCards>
  ) : (
    <Table<WatchRow>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      rowClassName={(row) => (row.id === selected ? 'ant-table-row-selected' : '')}
      locale={{ emptyText }}
      pagination={pagination}
    />
  );
  return (
    <>
      {confirmHolder}
      {list}
      {paying?.yearPrice ? (
        <Suspense fallback={null}>
          <PayDialog
            open
            watchId={paying.id}
            quantity={1}
            amount={paying.yearPrice.amount}
            currency={paying.yearPrice.currency}
            onClose={() => setPaying(null)}
            onPaid={() => void watches.refetch()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
