import type { AttachedFile, PatentRow, UsFilingBody } from '@kxt/contracts/patents';
import { Divider } from 'antd';
import { useTranslation } from 'react-i18next';
import { postAdminPatent } from '../api/admin-actions.ts';
import { RecordFormDialog } from './RecordFormDialog.tsx';
import { RequiredDateItem, RequiredPdfItem, RequiredTextItem } from './record-fields.tsx';

interface Values {
  referenceNumber?: string;
  acceptTime?: string | null;
  receiptFiles?: AttachedFile[];
  agent?: string;
  noticeTime?: string | null;
  noticeFiles?: AttachedFile[];
}

function usFilingBody(type: 0 | 1, values: Values): UsFilingBody {
  const text = (value: string | undefined) => value?.trim() || undefined;
  const body: UsFilingBody = {
    type,
    receiptFiles: values.receiptFiles ?? [],
    noticeFiles: values.noticeFiles ?? [],
  };
  if (text(values.referenceNumber)) body.referenceNumber = text(values.referenceNumber);
  if (values.acceptTime) body.acceptTime = values.acceptTime;
  if (text(values.agent)) body.agent = text(values.agent);
  if (values.noticeTime) body.noticeTime = values.noticeTime;
  return body;
}

interface UsFilingDialogProps {
  row: PatentRow | null;
  onClose: () => void;
  onDone: () => void;
}

/** Dialog type 7, US orders: the filing receipt and the agent's notice, two records. */
export function UsFilingDialog({ row, onClose, onDone }: UsFilingDialogProps) {
  const { t } = useTranslation();
  const [receipt, notice] = row?.usFilingInfo ?? [];
  const post = async (type: 0 | 1, values: Values) => {
    if (!row) return;
    await postAdminPatent(row.id, 'us-filing', usFilingBody(type, values));
    onDone();
  };
  return (
    <RecordFormDialog<Values>
      title={`${t('patent.admin.usFilingTitle')}${row ? ` · ${row.serviceCode}` : ''}`}
      open={row !== null}
      onClose={onClose}
      width={680}
      initialValues={{
        referenceNumber: receipt?.referenceNumber,
        acceptTime: receipt?.acceptTime ?? null,
        receiptFiles: receipt?.receiptFiles ?? [],
        agent: notice?.agent,
        noticeTime: notice?.acceptTime ?? null,
        noticeFiles: notice?.noticeFiles ?? [],
      }}
      onSave={(values) => post(0, values)}
      onSubmit={(values) => post(1, values)}
    >
      <Divider titlePlacement="start">{t('patent.records.usReceipt')}</Divider>
      <RequiredTextItem
        name="referenceNumber"
        label={t('patent.fields.referenceNumber')}
        message={t('patent.validation.referenceNumber')}
      />
      <RequiredDateItem
        name="acceptTime"
        label={t('patent.fields.acceptTime')}
        message={t('patent.validation.acceptTime')}
      />
      <RequiredPdfItem
        name="receiptFiles"
        label={t('patent.fields.acceptReceiptFiles')}
        message={t('patent.validation.acceptReceiptFiles')}
      />
      <Divider titlePlacement="start">{t('patent.records.usNotice')}</Divider>
      <RequiredTextItem
        name="agent"
        label={t('patent.fields.agent')}
        message={t('patent.validation.agent')}
      />
      <RequiredDateItem
        name="noticeTime"
        label={t('patent.fields.noticeTime')}
        message={t('patent.validation.noticeTime')}
      />
      <RequiredPdfItem
        name="noticeFiles"
        label={t('patent.fields.noticeFiles')}
        message={t('patent.validation.noticeFiles')}
      />
    </RecordFormDialog>
  );
}
