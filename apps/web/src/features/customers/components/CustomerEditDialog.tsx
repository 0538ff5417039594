import { SERVICE_COUNTRIES } from '@kxt/contracts/business';
import type { CustomerPatch, CustomerRow } from '@kxt/contracts/customers';
import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/DataTable/confirm.tsx';
import { countryName } from '../../../components/DataTable/format.ts';
import { ModalForm } from '../../../components/DataTable/ModalForm.tsx';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { updateCustomer } from '../api/update-customer.ts';

interface Values {
  contactName?: string | null;
  phone?: string | null;
  email?: string | null;
  country?: string | null;
  isArrears: boolean;
  suspend: boolean;
}

const TEXT_FIELDS = ['contactName', 'phone', 'email', 'country'] as const;

/** Only what changed, blank text as null. */
export function customerChanges(row: CustomerRow, values: Values): CustomerPatch {
  const patch: CustomerPatch = {};
  for (const field of TEXT_FIELDS) {
    const value = values[field]?.trim() || null;
    if (value !== (row[field] ?? null)) patch[field] = value;
  }
  if (values.isArrears !== row.isArrears) patch.isArrears = values.isArrears;
  if (values.suspend !== row.suspend) patch.suspend = values.suspend;
  return patch;
}

interface CustomerEditDialogProps {
  row: CustomerRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 编辑: a customer's contact details, country, arrears and suspension; suspending asks first. */
export function CustomerEditDialog({ row, onClose, onSaved }: CustomerEditDialogProps) {
  const { t, i18n } = useTranslation();
  const message = useMessageApi();
  const [confirm, confirmHolder] = useConfirm();
  const countries = [...new Set([...SERVICE_COUNTRIES, ...(row?.country ? [row.country] : [])])];
  return (
    <>
      {confirmHolder}
      <ModalForm<Values>
        title={t('customers.editTitle')}
        open={row !== null}
        onClose={onClose}
        okText={t('lists.save')}
        initialValues={
          row
            ? {
                contactName: row.contactName,
                phone: row.phone,
                email: row.email,
                country: row.country,
                isArrears: row.isArrears,
                suspend: row.suspend,
              }
            : {}
        }
        onFinish={async (values) => {
          if (!row) return;
          const patch = customerChanges(row, values);
          if (Object.keys(patch).length === 0) return;
          if (patch.suspend === true) {
            const go = await confirm({
              title: t('customers.suspendConfirmTitle', { name: row.name }),
              content: t('customers.suspendConfirmContent'),
            });
            if (!go) throw new Error('cancelled');
          }
          await updateCustomer(row.id, patch, { silent: true });
          void message.success(t('lists.saved'));
          onSaved();
        }}
      >
        <Form.Item name="contactName" label={t('customers.contactName')} rules={[{ max: 100 }]}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="phone" label={t('customers.phone')} rules={[{ max: 50 }]}>
          <Input allowClear />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('customers.email')}
          rules={[{ type: 'email', message: t('customers.emailInvalid') }, { max: 200 }]}
        >
          <Input allowClear />
        </Form.Item>
        <Form.Item name="country" label={t('lists.country')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={countries.map((code) => ({
              value: code,
              label: `${countryName(code, i18n.language)} (${code})`,
            }))}
          />
        </Form.Item>
        <Form.Item name="isArrears" label={t('customers.isArrears')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="suspend" label={t('customers.suspend')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </ModalForm>
    </>
  );
}
