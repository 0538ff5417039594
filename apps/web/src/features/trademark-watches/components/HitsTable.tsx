import type { HitReview, WatchHitListQuery, WatchHitRow } from '@kxt/contracts/trademark-watches';
import { Button, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/DataTable/format.ts';
import { useMarketName } from '../../trademark-search/components/country-names.ts';
import { SimilarityReasons } from '../../trademark-search/components/SimilarityReasons.tsx';
import { useReviewHit, useWatchHits } from '../api/watches.ts';

const REVIEW_COLORS: Record<HitReview, string> = { new: 'red', not_relevant: 'default', consultant: 'blue' };

/**
 * Marks that conflict with watches, newest first, each beside the watched name with its score and why. The company
 * sets a hit aside (不相关) or asks its consultant (咨询顾问); staff also see whose watch it is.
 */
export function HitsTable({ query, staff = false }: { query: Partial<WatchHitListQuery>; staff?: boolean }) {
  const { t } = useTranslation();
  const marketName = useMarketName();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const hits = useWatchHits({ ...query, ...page });
  const review = useReviewHit();
  const columns: TableColumnsType<WatchHitRow> = [
    ...(staff ? [{ title: t('watches.customer'), dataIndex: 'customerName', width: 180 }] : []),
    { title: t('watches.watched'), dataIndex: 'watchText', width: 140 },
    {
      title: t('watches.hitMark'),
      key: 'mark',
      render: (_value, row) => (
        <Space direction="vertical" size={0}>
          <strong>{row.mark.name}</strong>
          <span>
            {marketName(row.mark.dataset)} · {row.mark.applicationNumber}
          </span>
          <span>{row.mark.owner ?? '-'}</span>
        </Space>
      ),
    },
    {
      title: t('watches.hitClasses'),
      key: 'classes',
      width: 110,
      render: (_value, row) => row.mark.niceClass.join(', '),
    },
    {
      title: t('watches.similarity'),
      key: 'score',
      width: 220,
      render: (_value, row) => <SimilarityReasons score={row.score} signals={row.signals} />,
    },
    {
      title: t('watches.found'),
      dataIndex: 'createdAt',
      width: 150,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('watches.oppositionDeadline'),
      dataIndex: 'oppositionDeadline',
      width: 120,
      render: (value: string | null) => value ?? t('watches.deadlineUnknown'),
    },
    {
      title: t('watches.review'),
      dataIndex: 'review',
      width: 110,
      render: (value: HitReview) => <Tag color={REVIEW_COLORS[value]}>{t(`watches.reviews.${value}`)}</Tag>,
    },
    {
      title: t('watches.actions'),
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0} wrap>
          {row.review !== 'not_relevant' ? (
            <Button
              type="link"
              size="small"
              onClick={() => review.mutate({ id: row.id, review: 'not_relevant' })}
            >
              {t('watches.notRelevant')}
            </Button>
          ) : null}
          {row.review !== 'consultant' ? (
            <Button
              type="link"
              size="small"
              onClick={() => review.mutate({ id: row.id, review: 'consultant' })}
            >
              {t('watches.askConsultant')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <Table<WatchHitRow>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={hits.data?.rows ?? []}
      loading={hits.isFetching || review.isPending}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: hits.isError ? t('watches.loadFailed') : t('watches.noHits') }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: hits.data?.total ?? 0,
        showTotal: (total) => t('table.total', { total }),
        onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
      }}
    />
  );
}
