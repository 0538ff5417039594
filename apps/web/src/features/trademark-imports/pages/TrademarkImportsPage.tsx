import { TRADEMARK_IMPORT_STATUSES, type TrademarkImportRow } from '@kxt/contracts/trademark-imports';
import { Flex, List, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/DataTable/format.ts';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { type ImportFilter, useTrademarkImports } from '../api/imports.ts';

type ImportStatus = TrademarkImportRow['status'];

const STATUS_COLORS: Record<ImportStatus, string> = {
  running: 'processing',
  done: 'success',
  failed: 'error',
};

/** Where a problem is: the file inside an archive, the record number, the line. */
function Position({ problem }: { problem: TrademarkImportRow['problems'][number] }) {
  const { t } = useTranslation();
  const parts = [
    problem.entry,
    problem.record ? t('trademarkImports.record', { record: problem.record }) : undefined,
    problem.line ? t('trademarkImports.line', { line: problem.line }) : t('trademarkImports.wholeFile'),
  ];
  return <Typography.Text type="secondary">{parts.filter(Boolean).join(' · ')}</Typography.Text>;
}

/**
 * /admin/trademark-imports (admins): each `trademark import` of office data, newest first, with its counts; a row
 * opens to the file's faults and the first refused records with their positions.
 */
export default function TrademarkImportsPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<ImportFilter>({ status: undefined, pageNum: 1, pageSize: 10 });
  const imports = useTrademarkImports(filter);

  const columns: TableColumnsType<TrademarkImportRow> = [
    { title: t('trademarkImports.id'), dataIndex: 'id', width: 80 },
    {
      title: t('trademarkImports.status'),
      dataIndex: 'status',
      width: 100,
      render: (value: ImportStatus) => (
        <Tag color={STATUS_COLORS[value]}>{t(`trademarkImports.statuses.${value}`)}</Tag>
      ),
    },
    {
      title: t('trademarkImports.file'),
      dataIndex: 'fileName',
      width: 240,
      // The name says which delivery it was; the whole path is in the tooltip.
      render: (value: string) => (
        <Typography.Text ellipsis={{ tooltip: value }}>{value.split(/[\\/]/).at(-1)}</Typography.Text>
      ),
    },
    {
      title: t('trademarkImports.source'),
      dataIndex: 'feed',
      width: 130,
      render: (value: string | null) =>
        value ? t('trademarkImports.fromFeed', { feed: value }) : t('trademarkImports.byHand'),
    },
    {
      title: t('trademarkImports.format'),
      dataIndex: 'format',
      width: 110,
      render: (value: string | null) => value ?? t('trademarkImports.unknownFormat'),
    },
    { title: t('trademarkImports.imported'), dataIndex: 'imported', width: 110, align: 'right' },
    { title: t('trademarkImports.deleted'), dataIndex: 'deleted', width: 110, align: 'right' },
    {
      title: t('trademarkImports.refused'),
      dataIndex: 'refused',
      width: 110,
      align: 'right',
      render: (value: number) =>
        value > 0 ? <Typography.Text type="danger">{value}</Typography.Text> : value,
    },
    { title: t('trademarkImports.skipped'), dataIndex: 'skipped', width: 110, align: 'right' },
    {
      title: t('trademarkImports.startedAt'),
      dataIndex: 'startedAt',
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('trademarkImports.finishedAt'),
      dataIndex: 'finishedAt',
      width: 170,
      render: (value: string | null) => formatDateTime(value),
    },
  ];

  return (
    <Flex vertical gap="middle">
      <PageTitle title={t('trademarkImports.title')} />
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('trademarkImports.intro')}
      </Typography.Paragraph>
      <Select<ImportStatus | 'all'>
        style={{ width: 160 }}
        aria-label={t('trademarkImports.status')}
        value={filter.status ?? 'all'}
        options={[
          { value: 'all', label: t('trademarkImports.allStatuses') },
          ...TRADEMARK_IMPORT_STATUSES.map((value) => ({
            value,
            label: t(`trademarkImports.statuses.${value}`),
          })),
        ]}
        onChange={(value) =>
          setFilter((current) => ({ ...current, status: value === 'all' ? undefined : value, pageNum: 1 }))
        }
      />
      <Table<TrademarkImportRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={imports.data?.rows ?? []}
        loading={imports.isFetching}
        locale={{ emptyText: t('trademarkImports.empty') }}
        scroll={{ x: 1150 }}
        expandable={{
          rowExpandable: (row) => row.problems.length > 0,
          expandedRowRender: (row) => (
            <List
              size="small"
              header={t('trademarkImports.problems', { count: row.refused })}
              dataSource={row.problems}
              renderItem={(problem) => (
                <List.Item>
                  <Flex vertical>
                    <Position problem={problem} />
                    <Typography.Text>{problem.message}</Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          ),
        }}
        pagination={{
          current: filter.pageNum,
          pageSize: filter.pageSize,
          total: imports.data?.total ?? 0,
          onChange: (pageNum, pageSize) => setFilter((current) => ({ ...current, pageNum, pageSize })),
        }}
      />
    </Flex>
  );
}
