import type { AccountLinkIssued, UserAdminRow, UserPatch } from '@kxt/contracts/accounts';
import { isStaffRole, type Role, STAFF_ROLES } from '@kxt/contracts/role-names';
import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ModalForm } from '../../../components/DataTable/ModalForm.tsx';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { createUser, updateUser } from '../api/users.ts';
import { CompanyFieldForCustomers } from './CompanyField.tsx';
import { roleOptions } from './role-options.ts';

interface Values {
  username: string;
  displayName: string;
  role: Role;
  customerId?: number;
  phone?: string | null;
  email?: string | null;
  onlineType?: number;
}

interface UserFormDialogProps {
  /** `new` to create, a row to edit, null when closed. */
  target: UserAdminRow | 'new' | null;
  /** The logged-in admin: their own role is not editable. */
  selfId: number;
  onClose: () => void;
  onSaved: (link?: AccountLinkIssued) => void;
}

const blankToNull = (value: string | null | undefined) => value?.trim() || null;

/** Only the fields that changed, blank text as null. */
function changes(row: UserAdminRow, values: Values): UserPatch {
  const patch: UserPatch = {};
  if (values.displayName.trim() !== row.displayName) patch.displayName = values.displayName.trim();
  for (const field of ['phone', 'email'] as const) {
    const value = blankToNull(values[field]);
    if (value !== row[field]) patch[field] = value;
  }
  if (values.role !== row.role) patch.role = values.role;
  if (values.onlineType !== undefined && values.onlineType !== row.onlineType)
    patch.onlineType = values.onlineType;
  return patch;
}

/** 新建用户 / 编辑用户: a staff member with a role or a customer contact of a company; the password is set by link. */
export function UserFormDialog({ target, selfId, onClose, onSaved }: UserFormDialogProps) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const editing = target !== null && target !== 'new' ? target : null;
  const creating = target === 'new';
  // A customer stays a customer and staff stay staff (the server refuses the change too).
  const roles = editing ? (isStaffRole(editing.role) ? STAFF_ROLES : (['customer'] as const)) : undefined;
  return (
    <ModalForm<Values>
      title={creating ? t('accounts.users.createTitle') : t('accounts.users.editTitle')}
      open={target !== null}
      onClose={onClose}
      okText={t('lists.save')}
      initialValues={
        editing
          ? {
              username: editing.username,
              displayName: editing.displayName,
              role: editing.role,
              phone: editing.phone,
              email: editing.email,
              onlineType: editing.onlineType,
            }
          : { role: 'consultant' }
      }
      onFinish={async (values) => {
        if (editing) {
          const patch = changes(editing, values);
          if (Object.keys(patch).length === 0) return;
          await updateUser(editing.id, patch);
          void message.success(t('lists.saved'));
          onSaved();
          return;
        }
        const created = await createUser({
          username: values.username.trim(),
          displayName: values.displayName.trim(),
          role: values.role,
          ...(values.customerId ? { customerId: values.customerId } : {}),
          ...(blankToNull(values.phone) ? { phone: blankToNull(values.phone) ?? '' } : {}),
          ...(blankToNull(values.email) ? { email: blankToNull(values.email) ?? '' } : {}),
          ...(values.onlineType !== undefined ? { onlineType: values.onlineType } : {}),
        });
        onSaved(created.link);
      }}
    >
      <Form.Item
        name="username"
        label={t('accounts.fields.username')}
        extra={creating ? t('accounts.users.usernameHint') : undefined}
        rules={[
          { required: true, whitespace: true, message: t('accounts.fields.required') },
          { pattern: /^[A-Za-z0-9._-]+$/, message: t('accounts.fields.usernameRule') },
          { max: 64 },
        ]}
      >
        <Input disabled={!creating} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="displayName"
        label={t('accounts.fields.displayName')}
        rules={[{ required: true, whitespace: true, message: t('accounts.fields.required') }, { max: 100 }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="role" label={t('accounts.fields.role')} rules={[{ required: true }]}>
        <Select
          options={roleOptions(t, roles)}
          disabled={editing?.id === selfId}
          aria-describedby={editing?.id === selfId ? 'own-role-hint' : undefined}
        />
      </Form.Item>
      {editing?.id === selfId ? (
        <p id="own-role-hint" style={{ marginTop: -16 }}>
          {t('accounts.users.ownRoleHint')}
        </p>
      ) : null}
      {creating ? <CompanyFieldForCustomers /> : null}
      <Form.Item
        name="phone"
        label={t('accounts.fields.phone')}
        rules={[{ pattern: /^\+?\d{6,15}$/, message: t('accounts.fields.phoneRule') }]}
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
      <Form.Item
        name="onlineType"
        label={t('accounts.fields.onlineType')}
        extra={t('accounts.fields.onlineTypeHint')}
      >
        <InputNumber min={0} max={9} precision={0} />
      </Form.Item>
    </ModalForm>
  );
}
