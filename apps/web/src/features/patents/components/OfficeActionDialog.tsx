import type { AttachedFile, OfficeActionBody, PatentRow } from '@kxt/contracts/patents';
import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { postAdminPatent } from '../api/admin-actions.ts';
import { RecordFormDialog } from './RecordFormDialog.tsx';
import { RequiredDateItem, RequiredPdfItem, requiredRules } from './record-fields.tsx';

interface Values {
  fileExists?: 0 | 1;
  issuanceTime?: string | null;
  oaAbortAnswerTime?: string | null;
  oaFile?: AttachedFile[];
  ascertainmentFile?: AttachedFile[];
}

/** Yes: issuance time, reply deadline and the letter; no: only fileExists and the ascertainment file (§5). */
export function officeActionBody(values: Values): OfficeActionBody {
  if (values.fileExists === 1) {
    return {
      fileExists: 1,
      issuanceTime: values.issuanceTime ?? '',
      oaAbortAnswerTime: values.oaAbortAnswerTime ?? '',
      oaFileUrl: values.oaFile?.[0]?.url ?? '',
    };
  }
  return {
    fileExists: 0,
    ascertainmentFileUrl: values.ascertainmentFile?.[0]?.url ?? '',
  };
}

const EMPTY: Values = {
  fileExists: undefined,
  issuanceTime: null,
  oaAbortAnswerTime: null,
  oaFile: [],
  ascertainmentFile: [],
};

interface OfficeActionDialogProps {
  row: PatentRow | null;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Dialog type 5: a new office action received (4/7/8 → 5, the customer then uploads a reply package). It starts
 * empty: an earlier office action of the order is history, not a draft of this one (a wrong deadline of the current
 * one is corrected with DeadlineCorrectionDialog).
 */
export function OfficeActionDialog({ row, onClose, onDone }: OfficeActionDialogProps) {
  const { t } = useTranslation();
  return (
    <RecordFormDialog<Values>
      title={`${t('patent.admin.officeActionTitle')}${row ? ` · ${row.serviceCode}` : ''}`}
      open={row !== null}
      onClose={onClose}
      initialValues={EMPTY}
      onSubmit={async (values) => {
        if (!row) return;
        await postAdminPatent(row.id, 'office-action', officeActionBody(values));
        onDone();
      }}
    >
      <Form.Item
        name="fileExists"
        label={t('patent.fields.fileExists')}
        rules={requiredRules(t('patent.validation.fileExists'))}
      >
        <Radio.Group
          options={[
            { value: 1, label: t('lists.yes') },
            { value: 0, label: t('lists.no') },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(before, after) => before.fileExists !== after.fileExists}>
        {({ getFieldValue }) =>
          getFieldValue('fileExists') === 1 ? (
            <>
              <RequiredDateItem
                name="issuanceTime"
                label={t('patent.fields.issuanceTime')}
                message={t('patent.validation.issuanceTime')}
              />
              <RequiredDateItem
                name="oaAbortAnswerTime"
                label={t('patent.fields.oaAbortAnswerTime')}
                message={t('patent.validation.oaAbortAnswerTime')}
              />
              <RequiredPdfItem
                name="oaFile"
                label={t('patent.fields.oaFile')}
                message={t('patent.validation.oaFile')}
                max={1}
              />
            </>
          ) : getFieldValue('fileExists') === 0 ? (
            <RequiredPdfItem
              name="ascertainmentFile"
              label={t('patent.fields.ascertainmentFile')}
              message={t('patent.validation.ascertainmentFile')}
              max={1}
            />
          ) : null
        }
      </Form.Item>
    </RecordFormDialog>
  );
}
