import { PATENT_TRANSITIONS, type PatentRow, type TransitionBody } from '@kxt/contracts/patents';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { postAdminPatent } from '../api/admin-actions.ts';
import { RecordFormDialog } from './RecordFormDialog.tsx';

export type FormlessTransition = TransitionBody['transition'];

interface TransitionDialogProps {
  transition: FormlessTransition | null;
  row: PatentRow | null;
  onClose: () => void;
  onDone: () => void;
  /** Asks once more before the move is sent. */
  confirm: (transition: FormlessTransition, row: PatentRow) => Promise<boolean>;
}

/** The moves without a form (allow, waive the fee, register in Japan, cancel, refund, close), with a reason where one is required. */
export function TransitionDialog({ transition, row, onClose, onDone, confirm }: TransitionDialogProps) {
  const { t } = useTranslation();
  const needsReason = transition ? 'reason' in PATENT_TRANSITIONS[transition] : false;
  return (
    <RecordFormDialog<{ reason?: string }>
      title={
        transition ? `${t(`patent.transitions.${transition}`)}${row ? ` · ${row.serviceCode}` : ''}` : ''
      }
      open={transition !== null && row !== null}
      onClose={onClose}
      initialValues={{}}
      onSubmit={async (values) => {
        if (!row || !transition) return false;
        if (!(await confirm(transition, row))) return false;
        const reason = values.reason?.trim();
        await postAdminPatent(row.id, 'transition', { transition, ...(reason ? { reason } : {}) });
        onDone();
      }}
    >
      <p>
        {transition
          ? t('patent.admin.transitionContent', { action: t(`patent.transitions.${transition}`) })
          : null}
      </p>
      <Form.Item
        name="reason"
        label={t('patent.admin.reason')}
        rules={[
          { required: needsReason, whitespace: true, message: t('patent.validation.reason') },
          { max: 1000 },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} />
      </Form.Item>
    </RecordFormDialog>
  );
}
