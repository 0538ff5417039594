import {
  type PatentRow,
  type PatentTransition,
  patentStatusLabel,
  type ReviewBody,
  transitionTarget,
} from '@kxt/contracts/patents';
import { Alert, Form, Radio } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { postAdminPatent } from '../api/admin-actions.ts';
import { RecordFormDialog } from './RecordFormDialog.tsx';
import { RequiredReasonItem } from './record-fields.tsx';

type Decision = 'approve' | 'reject';

interface Values {
  decision?: Decision;
  reason?: string;
}

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

/** The moves a decision makes, per subject. */
const MOVES = {
  materials: { approve: 'approveMaterials', reject: 'rejectMaterials' },
  reply: { approve: 'acceptReply', reject: 'rejectReply' },
} as const satisfies Record<ReviewDialogProps['subject'], Record<Decision, PatentTransition>>;

/**
 * Approve, or reject with a required reason. Nothing is chosen at first, so no single click approves; once a
 * decision is chosen the dialog says which status the order moves to.
 */
export function ReviewDialog({ subject, row, onClose, onDone, children }: ReviewDialogProps) {
  const { t, i18n } = useTranslation();
  const nextStatus = (decision: Decision) =>
    row ? patentStatusLabel(transitionTarget(MOVES[subject][decision], row.countryId), i18n.language) : '';
  return (
    <RecordFormDialog<Values>
      title={`${t(subject === 'materials' ? 'patent.admin.reviewMaterials' : 'patent.admin.reviewReply')}${row ? ` · ${row.serviceCode}` : ''}`}
      open={row !== null}
      onClose={onClose}
      initialValues={{ decision: undefined, reason: '' }}
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
      <Form.Item
        name="decision"
        label={t('patent.admin.decision')}
        rules={[{ required: true, message: t('patent.validation.decision') }]}
      >
        <Radio.Group
          options={[
            { value: 'approve', label: t('patent.admin.approve') },
            { value: 'reject', label: t('patent.admin.reject') },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(before, after) => before.decision !== after.decision}>
        {({ getFieldValue }) => {
          const decision = getFieldValue('decision') as Decision | undefined;
          if (!decision) return null;
          return (
            <>
              <Alert
                type={decision === 'approve' ? 'success' : 'warning'}
                showIcon
                style={{ marginBottom: 16 }}
                title={t(`patent.admin.${subject}Next.${decision}`, { status: nextStatus(decision) })}
              />
              {decision === 'reject' ? (
                <RequiredReasonItem
                  label={t('patent.admin.reason')}
                  message={t('patent.validation.reason')}
                />
              ) : null}
            </>
          );
        }}
      </Form.Item>
    </RecordFormDialog>
  );
}
