import type { PatentRow, RejectReason } from '@kxt/contracts/patents';
import { Alert, Input, Modal, Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/DataTable/format.ts';
import { useRejectReasons } from '../api/reject-reasons.ts';

/** The rejection reasons as a table: date, reviewer account, content (spec §2.4). */
export function RejectReasonsTable({ reasons }: { reasons: RejectReason[] }) {
  const { t } = useTranslation();
  return (
    <Table<RejectReason>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={reasons}
      columns={[
        {
          key: 'time',
          title: t('patent.rejection.time'),
          dataIndex: 'createTime',
          render: (value: string) => formatDateTime(value),
          width: 160,
        },
        { key: 'operator', title: t('patent.rejection.operator'), dataIndex: 'operator', width: 140 },
        { key: 'content', title: t('patent.rejection.content'), dataIndex: 'content' },
      ]}
    />
  );
}

interface RejectionDialogProps {
  row: PatentRow | null;
  /** -1: the materials' rejection reasons (a list); -2: why the reply package was rejected (read-only text). */
  status: -1 | -2;
  onClose: () => void;
}

export function RejectionDialog({ row, status, onClose }: RejectionDialogProps) {
  const { t } = useTranslation();
  const reasons = useRejectReasons(row?.id ?? null, status);
  const latest = reasons.data?.[0];
  return (
    <Modal
      title={t(status === -1 ? 'patent.rejection.materialsTitle' : 'patent.rejection.replyTitle')}
      open={row !== null}
      onCancel={onClose}
      footer={null}
      width={status === -1 ? 720 : 520}
      destroyOnHidden
    >
      {reasons.isPending ? (
        <Spin />
      ) : reasons.isError ? (
        <Alert type="error" showIcon title={reasons.error.message} />
      ) : status === -1 ? (
        <RejectReasonsTable reasons={reasons.data} />
      ) : (
        <Input.TextArea
          aria-label={t('patent.rejection.replyTitle')}
          readOnly
          autoSize={{ minRows: 3, maxRows: 10 }}
          value={latest?.content ?? t('patent.rejection.noReason')}
        />
      )}
    </Modal>
  );
}
