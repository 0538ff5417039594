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

/** Yes: issuance time, reply deadline and the letter; no: only the id, fileExists and the ascertainment file (§5). */
export function officeActionBody(values: Values, id: number | undefined): OfficeActionBody {
  if (values.fileExists === 1) {
    return {
      fileExists: 1,
      issuanceTime: values.issuanceTime ?? '',
      oaAbortAnswerTime: values.oaAbortAnswerTime ?? '',
      oaFileUrl: values.oaFile?.[0]?.url ?? '',
    };
  }
  return {
    ...(id ? { id } : {}),
    fileExists: 0,
    ascertainmentFileUrl: values.ascertainmentFile?.[0]?.url ?? '',
  };
}

interface OfficeActionDialogProps {
  row: PatentRow | null;
  onClose: () => void;
  onDone: () => void;
}

/** Dialog type 5: an office action received (→ 5, the customer then uploads a reply package). */
export function OfficeActionDialog({ row, onClose, onDone }: OfficeActionDialogProps) {
  const { t } = useTranslation();
  const saved = row?.oaDataInfo;
  return (
    <RecordFormDialog<Values>
      title={`${t('patent.admin.officeActionTitle')}${row ? ` · ${row.serviceCode}` : ''}`}
      open={row !== null}
      onClose={onClose}
      initialValues={{
        fileExists: saved?.fileExists,
        issuanceTime: saved?.issuanceTime ?? null,
        oaAbortAnswerTime: saved?.oaAbortAnswerTime ?? null,
        oaFile: saved?.oaFileUrl ? [{ name: t('patent.fields.oaFile'), url: saved.oaFileUrl }] : [],
        ascertainmentFile: saved?.ascertainmentFileUrl
          ? [{ name: t('patent.fields.ascertainmentFile'), url: saved.ascertainmentFileUrl }]
          : [],
      }}
      onSubmit={async (values) => {
        if (!row) return;
        await postAdminPatent(row.id, 'office-action', officeActionBody(values, saved?.id));
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
