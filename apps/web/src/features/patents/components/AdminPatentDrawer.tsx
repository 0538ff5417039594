import { type AdminPatentRow, patentStatusLabel } from '@kxt/contracts/patents';
import { Alert, Descriptions, Drawer, Flex, Spin, Table, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/DataTable/format.ts';
import { type PatentHistoryEntry, useAdminPatent, usePatentHistory } from '../api/admin-patent.ts';
import { historyActionLabel, historyActorLabel, historyChangeText } from './history-labels.ts';
import { MaterialsPanel } from './MaterialsView.tsx';
import { PatentRecord, type PatentRecordKind } from './PatentRecordDialog.tsx';

const RECORDS: PatentRecordKind[] = [
  'patentInfo',
  'officeAction',
  'reviewReceipt',
  'registration',
  'certificate',
  'expeditedNotice',
];

/** 查看 (back office): the order, the materials submitted, every record it holds and its audit trail. */
export function AdminPatentDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const detail = useAdminPatent(id);
  const history = usePatentHistory(id);
  const row: AdminPatentRow | undefined = detail.data;
  return (
    <Drawer
      title={t('patent.admin.detailTitle')}
      open={id !== null}
      onClose={onClose}
      size={820}
      destroyOnHidden
    >
      {detail.isPending ? (
        <Spin />
      ) : detail.isError || !row ? (
        <Alert type="error" showIcon title={detail.error?.message ?? ''} />
      ) : (
        <Flex vertical gap="large">
          <Descriptions
            size="small"
            // One pair a row on a phone: two bordered pairs side by side leave each label two characters wide.
            column={{ xs: 1, sm: 2 }}
            bordered
            items={[
              { key: 'code', label: t('patent.columns.serviceCode'), children: row.serviceCode },
              { key: 'customer', label: t('patent.admin.customer'), children: row.customerName },
              { key: 'country', label: t('patent.columns.country'), children: row.countryName },
              {
                key: 'type',
                label: t('patent.columns.patentType'),
                children: t(`patent.patentType.${row.patentType}` as 'patent.patentType.1'),
              },
              { key: 'applicant', label: t('patent.columns.applyTitle'), children: row.applyTitle },
              {
                key: 'status',
                label: t('patent.columns.statusName'),
                children: row.statusName || patentStatusLabel(row.status, i18n.language),
              },
            ]}
          />
          <Tabs
            items={[
              // The customer's submission first: what a reviewer checks before any other step.
              {
                key: 'materials',
                label: t('patent.queue.materialsTab'),
                children: <MaterialsPanel id={row.id} scope="admin" />,
              },
              ...RECORDS.map((kind) => ({
                key: kind,
                label: t(`patent.records.${kind}`),
                children: <PatentRecord kind={kind} row={row} />,
              })),
              {
                key: 'history',
                label: t('patent.admin.history'),
                children: (
                  <Table<PatentHistoryEntry>
                    size="small"
                    rowKey="id"
                    pagination={false}
                    loading={history.isPending}
                    dataSource={history.data ?? []}
                    columns={[
                      {
                        key: 'time',
                        title: t('patent.history.time'),
                        dataIndex: 'createdAt',
                        render: (value: string) => formatDateTime(value),
                      },
                      {
                        key: 'actor',
                        title: t('patent.history.actor'),
                        dataIndex: 'actor',
                        render: (value: string | null) => historyActorLabel(value, t),
                      },
                      {
                        key: 'action',
                        title: t('patent.history.action'),
                        dataIndex: 'action',
                        render: (value: string) => historyActionLabel(value, t),
                      },
                      {
                        key: 'move',
                        title: t('patent.history.move'),
                        render: (_value, entry) => historyChangeText(entry.from, entry.to, i18n.language),
                      },
                      {
                        key: 'reason',
                        title: t('patent.history.reason'),
                        dataIndex: 'reason',
                        render: (value: string | null) => value ?? '-',
                      },
                    ]}
                  />
                ),
              },
            ]}
          />
        </Flex>
      )}
    </Drawer>
  );
}
