import type { AccountLinkIssued } from '@kxt/contracts/accounts';
import type { Role } from '@kxt/contracts/role-names';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ModalForm } from '../../../components/DataTable/ModalForm.tsx';
import { useSessionUser } from '../../../components/session/current-user.ts';
import { createInvitation } from '../api/invitations.ts';
import { CompanyFieldForCustomers } from './CompanyField.tsx';
import { roleOptions, staffRoleOptions } from './role-options.ts';

interface Values {
  displayName: string;
  role: Role;
  customerId?: number;
  phone?: string;
  email?: string;
}

interface InviteDialogProps {
  open: boolean;
  onClose: () => void;
  onInvited: (link: AccountLinkIssued) => void;
}

/** 邀请: a customer contact of a company (any staff) or a colleague with a role (admins), by mobile and/or e-mail. */
export function InviteDialog({ open, onClose, onInvited }: InviteDialogProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const options =
    user.role === 'admin'
      ? [...roleOptions(t, ['customer']), ...staffRoleOptions(t)]
      : roleOptions(t, ['customer']);
  return (
    <ModalForm<Values>
      title={t('accounts.invitations.createTitle')}
      open={open}
      onClose={onClose}
      okText={t('accounts.invitations.send')}
      initialValues={{ role: 'customer' }}
      onFinish={async (values) => {
        const phone = values.phone?.trim();
        const email = values.email?.trim();
        const link = await createInvitation({
          displayName: values.displayName.trim(),
          role: values.role,
          ...(values.role === 'customer' && values.customerId ? { customerId: values.customerId } : {}),
          ...(phone ? { phone } : {}),
          ...(email ? { email } : {}),
        });
        onInvited(link);
      }}
    >
      <Form.Item name="role" label={t('accounts.invitations.kind')} rules={[{ required: true }]}>
        <Select options={options} />
      </Form.Item>
      <CompanyFieldForCustomers />
      <Form.Item
        name="displayName"
        label={t('accounts.fields.displayName')}
        rules={[{ required: true, whitespace: true, message: t('accounts.fields.required') }, { max: 100 }]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('accounts.fields.phone')}
        dependencies={['email']}
        rules={[
          { pattern: /^\+?\d{6,15}$/, message: t('accounts.fields.phoneRule') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value) => {
              if (!value?.trim() && !getFieldValue('email')?.trim()) {
                throw new Error(t('accounts.invitations.contactRequired'));
              }
            },
          }),
        ]}
      >
        <Input allowClear inputMode="tel" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('accounts.fields.email')}
        rules={[{ type: 'email', message: t('accounts.fields.emailRule') }, { max: 200 }]}
      >
        <Input allowClear inputMode="email" />
      </Form.Item>
    </ModalForm>
  );
}
