import type { WatchRow } from '@kxt/contracts/trademark-watches';
import { Badge, Button, Space, Table, type TableColumnsType, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/DataTable/confirm.tsx';
import { formatDate } from '../../../components/DataTable/format.ts';
import { useMarketName } from '../../trademark-search/components/country-names.ts';
import { useCancelWatch, useWatches } from '../api/watches.ts';
import { WATCH_STATUS_COLORS } from './watch-status.ts';

// The pay dialog loads when a watch is paid for, not with the list.
const PayDialog = lazy(() => import('../../payments/components/PayDialog.tsx'));

/** The watches, newest first: what is watched where, until when, and how many hits wait; 查看命中 opens them. */
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
  const { t } = useTranslation();
  const marketName = useMarketName();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
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
  const columns: TableColumnsType<WatchRow> = [
    ...(staff ? [{ title: t('watches.customer'), dataIndex: 'customerName', width: 180 }] : []),
    { title: t('watches.text'), dataIndex: 'text', render: (value: string) => <strong>{value}</strong> },
    {
      title: t('watches.countries'),
      dataIndex: 'countries',
      render: (value: string[]) => value.map((code) => marketName(code)).join('、'),
    },
    {
      title: t('watches.classes'),
      dataIndex: 'classes',
      render: (value: number[]) => (value.length ? value.join(', ') : t('watches.allClasses')),
    },
    {
      title: t('watches.status'),
      dataIndex: 'status',
      render: (value: WatchRow['status']) => (
        <Tag color={WATCH_STATUS_COLORS[value]}>{t(`watches.statuses.${value}`)}</Tag>
      ),
    },
    {
      title: t('watches.expiresAt'),
      dataIndex: 'expiresAt',
      render: (value: string | null) => formatDate(value),
    },
    {
      title: t('watches.hits'),
      key: 'hits',
      render: (_value, row) => (
        <Badge
          count={row.newHits}
          size="small"
          offset={[8, 0]}
          title={t('watches.newHits', { count: row.newHits })}
        >
          <span>{row.hits}</span>
        </Badge>
      ),
    },
    {
      title: t('watches.actions'),
      key: 'actions',
      render: (_value, row) => (
        <Space size={0}>
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
      ),
    },
  ];
  return (
    <>
      {confirmHolder}
      <Table<WatchRow>
        rowKey="id"
        columns={columns}
        dataSource={watches.data?.rows ?? []}
        loading={watches.isFetching || cancel.isPending}
        scroll={{ x: 'max-content' }}
        rowClassName={(row) => (row.id === selected ? 'ant-table-row-selected' : '')}
        locale={{ emptyText: watches.isError ? t('watches.loadFailed') : t('watches.empty') }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: watches.data?.total ?? 0,
          showTotal: (total) => t('table.total', { total }),
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
      />
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
