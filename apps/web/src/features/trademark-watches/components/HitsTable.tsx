import type { HitReview, WatchHitListQuery, WatchHitRow } from '@kxt/contracts/trademark-watches';
import { Button, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/DataTable/format.ts';
import { RowCard, RowCards, usePaging } from '../../../components/DataTable/RowCards.tsx';
import { useNarrowScreen } from '../../../components/media/use-narrow-screen.ts';
import { useMarketName } from '../../trademark-search/components/country-names.ts';
import { SimilarityReasons } from '../../trademark-search/components/SimilarityReasons.tsx';
import { useReviewHit, useWatchHits } from '../api/watches.ts';

const REVIEW_COLORS: Record<HitReview, string> = { new: 'red', not_relevant: 'default', consultant: 'blue' };

/**
 * Marks that conflict with watches, newest first, each beside the watched name with its score and why. The company
 * sets a hit aside (不相关) or asks its consultant (咨询顾问); staff also see whose watch it is. What a person decides
 * by, the opposition deadline and whether the hit was reviewed, stays in view beside the actions (pinned right); on
 * a phone each hit is a card with all of it, since a table there would show one column beside the buttons.
 */
export function HitsTable({ query, staff = false }: { query: Partial<WatchHitListQuery>; staff?: boolean }) {
  const { t } = useTranslation();
  const marketName = useMarketName();
  const narrow = useNarrowScreen();
  const { page, pagination: paging } = usePaging();
  const hits = useWatchHits({ ...query, ...page });
  const review = useReviewHit();
  const mark = (row: WatchHitRow) => (
    // Wraps past 240 px: a long market name and number would otherwise crowd the score off the page.
    <Space direction="vertical" size={0} style={{ maxWidth: 240 }}>
      <strong>{row.mark.name}</strong>
      <span>
        {marketName(row.mark.dataset)} · {row.mark.applicationNumber}
      </span>
      <span>{row.mark.owner ?? '-'}</span>
    </Space>
  );
  const deadline = (row: WatchHitRow) => row.oppositionDeadline ?? t('watches.deadlineUnknown');
  const reviewTag = (row: WatchHitRow) => (
    <Tag color={REVIEW_COLORS[row.review]}>{t(`watches.reviews.${row.review}`)}</Tag>
  );
  const actions = (row: WatchHitRow) => (
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
        <Button type="link" size="small" onClick={() => review.mutate({ id: row.id, review: 'consultant' })}>
          {t('watches.askConsultant')}
        </Button>
      ) : null}
    </Space>
  );
  const rows = hits.data?.rows ?? [];
  const loading = hits.isFetching || review.isPending;
  const emptyText = hits.isError ? t('watches.loadFailed') : t('watches.noHits');
  const pagination = paging(hits.data?.total ?? 0);

  if (narrow) {
    return (
      <RowCards label={t('watches.allHits')} loading={loading} emptyText={emptyText} pagination={pagination}>
        {rows.map((row) => (
          <RowCard
            key={row.id}
            title={row.mark.name}
            tag={reviewTag(row)}
            fields={[
              [t('watches.oppositionDeadline'), deadline(row)],
              ...(staff ? [[t('watches.customer'), row.customerName] as [string, ReactNode]] : []),
              [t('watches.watched'), row.watchText],
              [t('watches.hitClasses'), row.mark.niceClass.join(', ')],
              [t('watches.found'), formatDateTime(row.createdAt)],
            ]}
            actions={actions(row)}
          >
            <Typography.Text type="secondary">
              {marketName(row.mark.dataset)} · {row.mark.applicationNumber} · {row.mark.owner ?? '-'}
            </Typography.Text>
            <SimilarityReasons score={row.score} signals={row.signals} />
          </RowCard>
        ))}
      </RowCards>
    );
  }

  const columns: TableColumnsType<WatchHitRow> = [
    ...(staff
      ? [
          {
            title: t('watches.customer'),
            dataIndex: 'customerName',
            // A company's full name wraps: the score and the deadline need the room more.
            render: (value: string) => <div style={{ maxWidth: 120 }}>{value}</div>,
          },
        ]
      : []),
    { title: t('watches.watched'), dataIndex: 'watchText' },
    { title: t('watches.hitMark'), key: 'mark', render: (_value, row) => mark(row) },
    {
      title: t('watches.hitClasses'),
      key: 'classes',
      width: 80,
      render: (_value, row) => row.mark.niceClass.join(', '),
    },
    {
      title: t('watches.similarity'),
      key: 'score',
      width: 200,
      render: (_value, row) => <SimilarityReasons score={row.score} signals={row.signals} />,
    },
    {
      title: t('watches.found'),
      dataIndex: 'createdAt',
      // The day over the time when the room is short, never a date broken at its hyphens.
      render: (value: string) => (
        <div style={{ maxWidth: 90 }}>
          {formatDateTime(value)
            .split(' ')
            .map((part) => (
              <span key={part} style={{ whiteSpace: 'nowrap' }}>
                {part}{' '}
              </span>
            ))}
        </div>
      ),
    },
    // The deadline and the review state stay beside the actions: they are what the actions are decided by.
    {
      title: t('watches.oppositionDeadline'),
      key: 'oppositionDeadline',
      width: 110,
      fixed: 'right',
      render: (_value, row) => deadline(row),
    },
    {
      title: t('watches.review'),
      key: 'review',
      width: 110,
      fixed: 'right',
      render: (_value, row) => reviewTag(row),
    },
    {
      title: t('watches.actions'),
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_value, row) => actions(row),
    },
  ];
  return (
    <Table<WatchHitRow>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText }}
      pagination={pagination}
    />
  );
}
