import type { AttachedFile, PatentRow, RegistrationBody } from '@kxt/contracts/patents';
import { DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { postAdminPatent } from '../api/admin-actions.ts';
import { RecordFormDialog } from './RecordFormDialog.tsx';
import { RequiredDateItem, RequiredPdfItem, RequiredTextItem } from './record-fields.tsx';

interface Values {
  registrationNumber?: string;
  brandRegisterTime?: string | null;
  brandOathTime?: [Dayjs, Dayjs] | null;
  brandRegisterFiles?: AttachedFile[];
}

const DAY = 'YYYY-MM-DD';

/** The oath period as stored: 'start/end' (spec §3). */
export function oathRange(range: [Dayjs, Dayjs] | null | undefined): string | undefined {
  return range ? `${range[0].format(DAY)}/${range[1].format(DAY)}` : undefined;
}

function parseRange(value: string | null | undefined): [Dayjs, Dayjs] | null {
  const [start, end] = (value ?? '').split('/');
  return start && end ? [dayjs(start), dayjs(end)] : null;
}

function registrationBody(type: 0 | 1, values: Values): RegistrationBody {
  const body: RegistrationBody = { type, brandRegisterFiles: values.brandRegisterFiles ?? [] };
  if (values.registrationNumber?.trim()) body.registrationNumber = values.registrationNumber.trim();
  if (values.brandRegisterTime) body.brandRegisterTime = values.brandRegisterTime;
  const oath = oathRange(values.brandOathTime);
  if (oath) body.brandOathTime = oath;
  return body;
}

interface RegistrationDialogProps {
  row: PatentRow | null;
  onClose: () => void;
  onDone: () => void;
}

/** Dialog types 3/4: registration no, registration date, oath period (not required for US) and the PDFs. */
export function RegistrationDialog({ row, onClose, onDone }: RegistrationDialogProps) {
  const { t } = useTranslation();
  const saved = row?.brandRegisterDataInfo;
  const us = row?.countryCode === 'US';
  const post = async (type: 0 | 1, values: Values) => {
    if (!row) return;
    await postAdminPatent(row.id, 'registration', registrationBody(type, values));
    onDone();
  };
  return (
    <RecordFormDialog<Values>
      title={`${t('patent.admin.registrationTitle')}${row ? ` · ${row.serviceCode}` : ''}`}
      open={row !== null}
      onClose={onClose}
      initialValues={{
        registrationNumber: saved?.registrationNumber ?? undefined,
        brandRegisterTime: saved?.brandRegisterTime ?? null,
        brandOathTime: parseRange(saved?.brandOathTime),
        brandRegisterFiles: saved?.brandRegisterFiles ?? [],
      }}
      onSave={(values) => post(0, values)}
      onSubmit={(values) => post(1, values)}
    >
      <RequiredTextItem
        name="registrationNumber"
        label={t('patent.fields.registrationNumber')}
        message={t('patent.validation.registrationNumber')}
        max={100}
      />
      <RequiredDateItem
        name="brandRegisterTime"
        label={t('patent.fields.brandRegisterTime')}
        message={t('patent.validation.brandRegisterTime')}
      />
      <Form.Item
        name="brandOathTime"
        label={t('patent.fields.brandOathTime')}
        rules={[{ required: !us, message: t('patent.validation.brandOathTime') }]}
      >
        <DatePicker.RangePicker style={{ width: '100%' }} />
      </Form.Item>
      <RequiredPdfItem
        name="brandRegisterFiles"
        label={t('patent.fields.brandRegisterFiles')}
        message={t('patent.validation.brandRegisterFiles')}
      />
    </RecordFormDialog>
  );
}
