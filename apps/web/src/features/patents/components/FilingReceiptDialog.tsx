import type { AttachedFile, FilingReceiptBody, PatentRow } from '@kxt/contracts/patents';
import { useTranslation } from 'react-i18next';
import { postAdminPatent } from '../api/admin-actions.ts';
import { RecordFormDialog } from './RecordFormDialog.tsx';
import { RequiredDateItem, RequiredPdfItem, RequiredTextItem } from './record-fields.tsx';

interface Values {
  referenceNumber?: string;
  agent?: string;
  acceptTime?: string | null;
  acceptReceiptFiles?: AttachedFile[];
}

/** What is filled in, as the filing receipt body: blank text and empty dates left out. */
export function filingReceiptBody(type: 0 | 1, values: Values): FilingReceiptBody {
  return {
    type,
    ...(values.referenceNumber?.trim() ? { referenceNumber: values.referenceNumber.trim() } : {}),
    ...(values.agent?.trim() ? { agent: values.agent.trim() } : {}),
    ...(values.acceptTime ? { acceptTime: values.acceptTime } : {}),
    acceptReceiptFiles: values.acceptReceiptFiles ?? [],
  };
}

interface FilingReceiptDialogProps {
  row: PatentRow | null;
  onClose: () => void;
  onDone: () => void;
}

/** Dialog type 1, first filing (non-US): acceptance no, agent lawyer, receipt date, receipt PDF. */
export function FilingReceiptDialog({ row, onClose, onDone }: FilingReceiptDialogProps) {
  const { t } = useTranslation();
  const saved = row?.brandDataInfo;
  const post = async (type: 0 | 1, values: Values) => {
    if (!row) return;
    await postAdminPatent(row.id, 'filing-receipt', filingReceiptBody(type, values));
    onDone();
  };
  return (
    <RecordFormDialog<Values>
      title={`${t('patent.admin.filingReceiptTitle')}${row ? ` · ${row.serviceCode}` : ''}`}
      open={row !== null}
      onClose={onClose}
      initialValues={{
        referenceNumber: saved?.referenceNumber ?? undefined,
        agent: saved?.agent ?? undefined,
        acceptTime: saved?.acceptTime ?? null,
        acceptReceiptFiles: saved?.acceptReceiptFiles ?? [],
      }}
      onSave={(values) => post(0, values)}
      onSubmit={(values) => post(1, values)}
    >
      <RequiredTextItem
        name="referenceNumber"
        label={t('patent.fields.referenceNumber')}
        message={t('patent.validation.referenceNumber')}
        max={100}
      />
      <RequiredTextItem
        name="agent"
        label={t('patent.fields.agent')}
        message={t('patent.validation.agent')}
        max={100}
      />
      <RequiredDateItem
        name="acceptTime"
        label={t('patent.fields.acceptTime')}
        message={t('patent.validation.acceptTime')}
      />
      <RequiredPdfItem
        name="acceptReceiptFiles"
        label={t('patent.fields.acceptReceiptFiles')}
        message={t('patent.validation.acceptReceiptFiles')}
      />
    </RecordFormDialog>
  );
}
