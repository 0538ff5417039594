import type { AttachedFile, PatentRow, UsFilingBody } from '@kxt/contracts/patents';
import { Divider, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DataTable/fields.tsx';
import { postAdminPatent } from '../api/admin-actions.ts';
import { AttachedFilesField } from './AttachedFilesField.tsx';
import { RecordFormDialog } from './RecordFormDialog.tsx';

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
  const file = (message: string) => [{ required: true, type: 'array' as const, min: 1, message }];
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
      <Form.Item
        name="referenceNumber"
        label={t('patent.fields.referenceNumber')}
        rules={[{ required: true, whitespace: true, message: t('patent.validation.referenceNumber') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="acceptTime"
        label={t('patent.fields.acceptTime')}
        rules={[{ required: true, message: t('patent.validation.acceptTime') }]}
      >
        <DateField />
      </Form.Item>
      <Form.Item
        name="receiptFiles"
        label={t('patent.fields.acceptReceiptFiles')}
        rules={file(t('patent.validation.acceptReceiptFiles'))}
      >
        <AttachedFilesField purpose="document" pdfOnly />
      </Form.Item>
      <Divider titlePlacement="start">{t('patent.records.usNotice')}</Divider>
      <Form.Item
        name="agent"
        label={t('patent.fields.agent')}
        rules={[{ required: true, whitespace: true, message: t('patent.validation.agent') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="noticeTime"
        label={t('patent.fields.noticeTime')}
        rules={[{ required: true, message: t('patent.validation.noticeTime') }]}
      >
        <DateField />
      </Form.Item>
      <Form.Item
        name="noticeFiles"
        label={t('patent.fields.noticeFiles')}
        rules={file(t('patent.validation.noticeFiles'))}
      >
        <AttachedFilesField purpose="document" pdfOnly />
      </Form.Item>
    </RecordFormDialog>
  );
}
