import type { AttachedFile, PatentRow } from '@kxt/contracts/patents';
import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DataTable/fields.tsx';
import { toMinorUnits } from '../../../components/DataTable/format.ts';
import { postAdminPatent } from '../api/admin-actions.ts';
import { RecordFormDialog } from './RecordFormDialog.tsx';
import { RequiredDateItem, RequiredPdfItem } from './record-fields.tsx';

/** The small one-step reviewer entries: review receipt, certificate, authorization fee, expedited notice. */
export type EntryKind = 'reviewReceipt' | 'certificate' | 'authorizationFee' | 'expeditedNotice';

interface Values {
  date?: string | null;
  renewalTime?: string | null;
  files?: AttachedFile[];
  amount?: number | null;
}

const FEE_CURRENCY = 'CNY';

interface EntryDialogProps {
  kind: EntryKind | null;
  row: PatentRow | null;
  onClose: () => void;
  onDone: () => void;
}

export function EntryDialog({ kind, row, onClose, onDone }: EntryDialogProps) {
  const { t } = useTranslation();
  const open = kind !== null && row !== null;

  const submit = async (values: Values) => {
    if (!row || !kind) return;
    const files = values.files ?? [];
    if (kind === 'reviewReceipt') {
      await postAdminPatent(row.id, 'review-receipt', {
        recheckReceiptTime: values.date ?? '',
        recheckReceipt: files[0]?.url ?? '',
      });
    } else if (kind === 'certificate') {
      await postAdminPatent(row.id, 'certificate', {
        certificateTime: values.date ?? '',
        certificateFiles: files,
        ...(values.renewalTime ? { renewalTime: values.renewalTime } : {}),
      });
    } else if (kind === 'authorizationFee') {
      await postAdminPatent(row.id, 'authorization-fee', {
        amount: toMinorUnits(values.amount ?? 0, FEE_CURRENCY),
        currency: FEE_CURRENCY,
      });
    } else {
      await postAdminPatent(row.id, 'expedited-notice', { files });
    }
    onDone();
  };

  return (
    <RecordFormDialog<Values>
      title={kind ? `${t(`patent.admin.entry.${kind}`)}${row ? ` · ${row.serviceCode}` : ''}` : ''}
      open={open}
      onClose={onClose}
      initialValues={{
        files: kind === 'expeditedNotice' ? (row?.orderDataInfo.expeditedNoticeFiles ?? []) : [],
      }}
      onSubmit={submit}
    >
      {kind === 'reviewReceipt' || kind === 'certificate' ? (
        <RequiredDateItem
          name="date"
          label={t(
            kind === 'reviewReceipt' ? 'patent.fields.recheckReceiptTime' : 'patent.fields.certificateTime',
          )}
          message={t('patent.validation.date')}
        />
      ) : null}
      {kind === 'certificate' ? (
        <Form.Item name="renewalTime" label={t('patent.columns.renewalTime')}>
          <DateField />
        </Form.Item>
      ) : null}
      {kind === 'authorizationFee' ? (
        <Form.Item
          name="amount"
          label={t('patent.admin.feeAmount')}
          rules={[{ required: true, type: 'number', min: 0.01, message: t('patent.validation.amount') }]}
        >
          {/* min 0, not 0.01: the control would turn a typed 0 or -5 into 0.01 and send 1 fen; the rule refuses it. */}
          <InputNumber min={0} precision={2} prefix="¥" style={{ width: '100%' }} />
        </Form.Item>
      ) : null}
      {kind && kind !== 'authorizationFee' ? (
        <RequiredPdfItem
          name="files"
          label={t('patent.fields.files')}
          message={t('patent.validation.files')}
          max={kind === 'reviewReceipt' ? 1 : 10}
        />
      ) : null}
    </RecordFormDialog>
  );
}
