import type { ServiceItemPatch, ServiceItemRow } from '@kxt/contracts/service-items';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateField, enumOptions } from '../../../components/DataTable/fields.tsx';
import { ModalForm } from '../../../components/DataTable/ModalForm.tsx';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { updateServiceItem } from '../api/update-service-item.ts';
import { statusEnum } from './service-item-enums.ts';

export const REMARK_MAX = 500;

interface Values {
  status: string;
  startDate: string | null;
  endDate: string | null;
  remark: string | null;
}

/** Only what changed; blank text as null. */
export function serviceItemChanges(row: ServiceItemRow, values: Values): ServiceItemPatch {
  const patch: ServiceItemPatch = {};
  const status = Number(values.status) as ServiceItemPatch['status'];
  if (status !== row.status) patch.status = status;
  if ((values.startDate || null) !== row.startDate) patch.startDate = values.startDate || null;
  if ((values.endDate || null) !== row.endDate) patch.endDate = values.endDate || null;
  const remark = values.remark?.trim() || null;
  if (remark !== row.remark) patch.remark = remark;
  return patch;
}

interface ServiceItemEditDialogProps {
  row: ServiceItemRow | null;
  onClose: () => void;
  onSaved: () => void;
  /** Asks before terminating (status 5); resolves false to stay in the dialog. */
  confirmTerminate: (row: ServiceItemRow) => Promise<boolean>;
}

/** 编辑: a service item's status, dates and remark. */
export function ServiceItemEditDialog({
  row,
  onClose,
  onSaved,
  confirmTerminate,
}: ServiceItemEditDialogProps) {
  const { t } = useTranslation();
  const message = useMessageApi();
  return (
    <ModalForm<Values>
      title={row ? `${t('serviceItems.editTitle')} · ${row.serviceCode}` : t('serviceItems.editTitle')}
      open={row !== null}
      onClose={onClose}
      okText={t('lists.save')}
      initialValues={
        row
          ? { status: String(row.status), startDate: row.startDate, endDate: row.endDate, remark: row.remark }
          : {}
      }
      onFinish={async (values) => {
        if (!row) return;
        const patch = serviceItemChanges(row, values);
        if (Object.keys(patch).length === 0) return;
        if (patch.status === 5 && !(await confirmTerminate(row))) throw new Error('cancelled');
        await updateServiceItem(row.id, patch, { silent: true });
        void message.success(t('lists.saved'));
        onSaved();
      }}
    >
      <Form.Item name="status" label={t('serviceItems.status')} rules={[{ required: true }]}>
        <Select options={enumOptions(statusEnum(t))} />
      </Form.Item>
      <Form.Item name="startDate" label={t('serviceItems.startDate')}>
        <DateField />
      </Form.Item>
      <Form.Item
        name="endDate"
        label={t('serviceItems.endDate')}
        dependencies={['startDate']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_rule, value: string | null) => {
              const start = getFieldValue('startDate') as string | null;
              return value && start && value < start
                ? Promise.reject(new Error(t('serviceItems.endBeforeStart')))
                : Promise.resolve();
            },
          }),
        ]}
      >
        <DateField />
      </Form.Item>
      <Form.Item
        name="remark"
        label={t('serviceItems.remark')}
        rules={[{ max: REMARK_MAX, message: t('serviceItems.remarkTooLong', { max: REMARK_MAX }) }]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} showCount maxLength={REMARK_MAX} />
      </Form.Item>
    </ModalForm>
  );
}
