import type { AccountLinkIssued, UserAdminRow } from '@kxt/contracts/accounts';
import { ROLES } from '@kxt/contracts/role-names';
import { Button, Flex, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  actionsColumn,
  createdAtColumn,
  keywordColumn,
  stateColumn,
} from '../../../components/DataTable/common-columns.tsx';
import { useConfirm } from '../../../components/DataTable/confirm.tsx';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import type { RowAction } from '../../../components/DataTable/RowActions.tsx';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types.ts';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useSessionUser } from '../../../components/session/current-user.ts';
import { forcePasswordReset, listUsers, resetTwoFactor, setUserDisabled } from '../api/users.ts';
import { LinkIssuedDialog } from '../components/LinkIssuedDialog.tsx';
import { SessionsDrawer } from '../components/SessionsDrawer.tsx';
import { UserFormDialog } from '../components/UserFormDialog.tsx';

/** 用户管理 (admins): every account, with creating, editing, disabling, password and second-factor resets, sessions. */
export default function UsersPage() {
  const { t } = useTranslation();
  const self = useSessionUser();
  const message = useMessageApi();
  const [confirm, confirmHolder] = useConfirm();
  const actionRef = useRef<DataTableAction>(null);
  const [form, setForm] = useState<UserAdminRow | 'new' | null>(null);
  const [link, setLink] = useState<AccountLinkIssued | null>(null);
  const [sessionsOf, setSessionsOf] = useState<UserAdminRow | null>(null);
  const reload = () => void actionRef.current?.reload();

  /** Asks first, runs the change, says it worked and reloads; the API client shows a refusal's message. */
  const confirmed = async (title: string, content: string, run: () => Promise<unknown>) => {
    if (!(await confirm({ title, content }))) return;
    await run();
    void message.success(t('lists.saved'));
    reload();
  };

  const rowActions = (row: UserAdminRow): RowAction[] => [
    { key: 'edit', label: t('rowActions.edit'), onClick: () => setForm(row) },
    { key: 'sessions', label: t('accounts.users.sessions'), onClick: () => setSessionsOf(row) },
    row.disabled
      ? {
          key: 'enable',
          label: t('accounts.users.enable'),
          onClick: () =>
            void confirmed(t('accounts.users.enableConfirm', { name: row.displayName }), '', () =>
              setUserDisabled(row.id, false),
            ),
        }
      : {
          key: 'disable',
          label: t('accounts.users.disable'),
          danger: true,
          disabled: row.id === self.id,
          onClick: () =>
            void confirmed(
              t('accounts.users.disableConfirm', { name: row.displayName }),
              t('accounts.users.disableHint'),
              () => setUserDisabled(row.id, true),
            ),
        },
    {
      key: 'reset-password',
      label: t('accounts.users.resetPassword'),
      danger: true,
      onClick: async () => {
        if (
          !(await confirm({
            title: t('accounts.users.resetPasswordConfirm', { name: row.displayName }),
            content: t('accounts.users.resetPasswordHint'),
          }))
        )
          return;
        setLink(await forcePasswordReset(row.id));
        reload();
      },
    },
    ...(row.twoFactor
      ? [
          {
            key: 'reset-two-factor',
            label: t('accounts.users.resetTwoFactor'),
            danger: true,
            onClick: () =>
              void confirmed(
                t('accounts.users.resetTwoFactorConfirm', { name: row.displayName }),
                t('accounts.users.resetTwoFactorHint'),
                () => resetTwoFactor(row.id),
              ),
          },
        ]
      : []),
  ];

  const columns: DataTableColumn<UserAdminRow>[] = [
    keywordColumn(t('lists.keyword'), t('accounts.users.keywordPlaceholder')),
    {
      title: t('accounts.fields.username'),
      dataIndex: 'username',
      search: false,
      sorter: true,
      render: (dom, row) => (
        <Space size={4} wrap>
          {dom}
          {row.id === self.id ? <Tag color="blue">{t('accounts.users.you')}</Tag> : null}
        </Space>
      ),
    },
    { title: t('accounts.fields.displayName'), dataIndex: 'displayName', search: false },
    {
      title: t('accounts.fields.role'),
      dataIndex: 'role',
      valueType: 'select',
      valueEnum: Object.fromEntries(ROLES.map((role) => [role, { text: t(`roles.${role}`) }])),
    },
    { title: t('accounts.fields.company'), dataIndex: 'customerName', search: false },
    { title: t('accounts.fields.phone'), dataIndex: 'phone', search: false },
    { title: t('accounts.fields.email'), dataIndex: 'email', search: false },
    {
      title: t('accounts.users.twoFactor'),
      dataIndex: 'twoFactor',
      search: false,
      render: (_dom, row) =>
        row.twoFactor ? (
          <Tag color="green">{t('accounts.users.twoFactorOn')}</Tag>
        ) : (
          <Tag>{t('accounts.users.twoFactorOff')}</Tag>
        ),
    },
    stateColumn({
      title: t('accounts.users.status'),
      dataIndex: 'disabled',
      search: false,
      render: (_dom, row) =>
        row.disabled ? (
          <Tag color="red">{t('accounts.users.disabled')}</Tag>
        ) : (
          <Tag color="green">{t('accounts.users.active')}</Tag>
        ),
    }),
    createdAtColumn(t('lists.createdAt')),
    actionsColumn(t('rowActions.actions'), rowActions),
  ];

  return (
    <Flex vertical gap="large">
      {confirmHolder}
      <PageTitle title={t('accounts.users.title')} description={t('accounts.users.description')} />
      <DataTable<UserAdminRow>
        tableKey="admin.users"
        rowKey="id"
        columns={columns}
        request={listUsers}
        statusTabs={{ dataIndex: 'status' }}
        actionRef={actionRef}
        toolBarRender={() => [
          <Button key="new" type="primary" onClick={() => setForm('new')}>
            {t('accounts.users.create')}
          </Button>,
        ]}
      />
      <UserFormDialog
        target={form}
        selfId={self.id}
        onClose={() => setForm(null)}
        onSaved={(issued) => {
          if (issued) setLink(issued);
          reload();
        }}
      />
      <LinkIssuedDialog link={link} onClose={() => setLink(null)} />
      <SessionsDrawer user={sessionsOf} onClose={() => setSessionsOf(null)} />
    </Flex>
  );
}
