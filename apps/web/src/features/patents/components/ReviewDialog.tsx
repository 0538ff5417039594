import type { PatentRow, ReviewBody } from '@kxt/contracts/patents';
import { Form, Input, Radio } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { postAdminPatent } from '../api/admin-actions.ts';
import { RecordFormDialog } from './RecordFormDialog.tsx';
import { requiredTextRules } from './record-fields.tsx';

interface Values {
  decision?: 'approve' | 'reject';
  reason?: string;
}

const REASON_MAX = 1000;

export function reviewBody(values: Values): ReviewBody {
  return values.decision === 'reject'
    ? { decision: 'reject', reason: values.reason?.trim() ?? '' }
    : { decision: 'approve' };
}

interface ReviewDialogProps {
  /** Materials at 2 (reject → -1), or a reply package at 6 (reject → -2). */
  subject: 'materials' | 'reply';
  row: PatentRow | null;
  onClose: () => void;
  onDone: () => void;
  /** What is being reviewed: a link to the materials, the package to download. */
  children?: ReactNode;
}

/** Approve, or reject with a required reason. */
export function ReviewDialog({ subject, row, onClose, onDone, children }: ReviewDialogProps) {
  const { t } = useTranslation();
  return (
    <RecordFormDialog<Values>
      title={`${t(subject === 'materials' ? 'patent.admin.reviewMaterials' : 'patent.admin.reviewReply')}${row ? ` · ${row.serviceCode}` : ''}`}
      open={row !== null}
      onClose={onClose}
      initialValues={{ decision: 'approve' }}
      onSubmit={async (values) => {
        if (!row) return;
        await postAdminPatent(
          row.id,
          subject === 'materials' ? 'materials-review' : 'reply-review',
          reviewBody(values),
        );
        onDone();
      }}
    >
      {children}
      <Form.Item name="decision" label={t('patent.admin.decision')} rules={[{ required: true }]}>
        <Radio.Group
          options={[
            { value: 'approve', label: t('patent.admin.approve') },
            { value: 'reject', label: t('patent.admin.reject') },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(before, after) => before.decision !== after.decision}>
        {({ getFieldValue }) =>
          getFieldValue('decision') === 'reject' ? (
            <Form.Item
              name="reason"
              label={t('patent.admin.reason')}
              rules={requiredTextRules(t('patent.validation.reason'), REASON_MAX)}
            >
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={REASON_MAX} showCount />
            </Form.Item>
          ) : null
        }
      </Form.Item>
    </RecordFormDialog>
  );
}
