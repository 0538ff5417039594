import type { PatentRow } from '@kxt/contracts/patents';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { postAdminPatent } from '../api/admin-actions.ts';
import { RecordFormDialog } from './RecordFormDialog.tsx';
import { RequiredDateItem, RequiredReasonItem } from './record-fields.tsx';

interface Values {
  oaAbortAnswerTime?: string | null;
  reason?: string;
}

interface DeadlineCorrectionDialogProps {
  /** An order at 5 with its office action. */
  row: PatentRow | null;
  onClose: () => void;
  onDone: () => void;
}

/** At 5: the office action's reply deadline was entered wrong; the new date and why (both kept in the history). */
export function DeadlineCorrectionDialog({ row, onClose, onDone }: DeadlineCorrectionDialogProps) {
  const { t } = useTranslation();
  return (
    <RecordFormDialog<Values>
      title={`${t('patent.admin.correctDeadlineTitle')}${row ? ` · ${row.serviceCode}` : ''}`}
      open={row !== null}
      onClose={onClose}
      initialValues={{ oaAbortAnswerTime: null, reason: '' }}
      onSubmit={async (values) => {
        if (!row) return;
        await postAdminPatent(row.id, 'office-action/deadline', {
          oaAbortAnswerTime: values.oaAbortAnswerTime ?? '',
          reason: values.reason?.trim() ?? '',
        });
        onDone();
      }}
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'current',
            label: t('patent.admin.currentDeadline'),
            children: row?.oaDataInfo?.oaAbortAnswerTime ?? row?.oaAbortAnswerTime ?? '-',
          },
        ]}
      />
      <RequiredDateItem
        name="oaAbortAnswerTime"
        label={t('patent.admin.newDeadline')}
        message={t('patent.validation.oaAbortAnswerTime')}
      />
      <RequiredReasonItem label={t('patent.admin.reason')} message={t('patent.validation.reason')} />
    </RecordFormDialog>
  );
}
