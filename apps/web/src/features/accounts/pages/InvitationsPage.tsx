import type { AccountLinkIssued, InvitationRow } from '@kxt/contracts/accounts';
import { Button, Flex, Tag } from 'antd';
import dayjs from 'dayjs';
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
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types.ts';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { listInvitations, resendInvitation, revokeInvitation } from '../api/invitations.ts';
import { InviteDialog } from '../components/InviteDialog.tsx';
import { LinkIssuedDialog } from '../components/LinkIssuedDialog.tsx';

const STATUS_COLOR: Record<InvitationRow['status'], string> = {
  pending: 'processing',
  accepted: 'success',
  expired: 'warning',
  revoked: 'default',
};

/** 邀请: who was invited, by whom, and whether they came; resend (a new link) and revoke. */
export default function InvitationsPage() {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [confirm, confirmHolder] = useConfirm();
  const actionRef = useRef<DataTableAction>(null);
  const [inviting, setInviting] = useState(false);
  const [link, setLink] = useState<AccountLinkIssued | null>(null);
  const reload = () => void actionRef.current?.reload();
  const open = (row: InvitationRow) => row.status === 'pending' || row.status === 'expired';

  const columns: DataTableColumn<InvitationRow>[] = [
    keywordColumn(t('lists.keyword'), t('accounts.invitations.keywordPlaceholder')),
    { title: t('accounts.fields.displayName'), dataIndex: 'displayName', search: false },
    {
      title: t('accounts.fields.role'),
      dataIndex: 'role',
      search: false,
      render: (_dom, row) => t(`roles.${row.role}`),
    },
    { title: t('accounts.fields.company'), dataIndex: 'customerName', search: false },
    { title: t('accounts.fields.phone'), dataIndex: 'phone', search: false },
    { title: t('accounts.fields.email'), dataIndex: 'email', search: false },
    stateColumn({
      title: t('accounts.invitations.status'),
      dataIndex: 'status',
      search: false,
      render: (_dom, row) => (
        <Tag color={STATUS_COLOR[row.status]}>{t(`accounts.invitations.statuses.${row.status}`)}</Tag>
      ),
    }),
    { title: t('accounts.invitations.invitedBy'), dataIndex: 'invitedBy', search: false },
    {
      title: t('accounts.invitations.expiresAt'),
      dataIndex: 'expiresAt',
      search: false,
      render: (_dom, row) => dayjs(row.expiresAt).format('YYYY-MM-DD HH:mm'),
    },
    createdAtColumn(t('lists.createdAt')),
    actionsColumn(t('rowActions.actions'), [
      {
        label: t('accounts.invitations.resend'),
        hidden: (row) => !open(row),
        onClick: async (row) => {
          if (
            !(await confirm({
              title: t('accounts.invitations.resendConfirm', { name: row.displayName }),
              content: t('accounts.invitations.resendHint'),
              okType: 'primary',
            }))
          )
            return;
          setLink(await resendInvitation(row.id));
          reload();
        },
      },
      {
        label: t('accounts.invitations.revoke'),
        danger: true,
        hidden: (row) => !open(row),
        onClick: async (row) => {
          if (
            !(await confirm({
              title: t('accounts.invitations.revokeConfirm', { name: row.displayName }),
              content: t('accounts.invitations.revokeHint'),
            }))
          )
            return;
          await revokeInvitation(row.id);
          void message.success(t('lists.saved'));
          reload();
        },
      },
    ]),
  ];

  return (
    <Flex vertical gap="large">
      {confirmHolder}
      <PageTitle
        title={t('accounts.invitations.title')}
        description={t('accounts.invitations.description')}
      />
      <DataTable<InvitationRow>
        tableKey="admin.invitations"
        rowKey="id"
        columns={columns}
        request={listInvitations}
        statusTabs={{ dataIndex: 'status' }}
        actionRef={actionRef}
        toolBarRender={() => [
          <Button key="invite" type="primary" onClick={() => setInviting(true)}>
            {t('accounts.invitations.create')}
          </Button>,
        ]}
      />
      <InviteDialog
        open={inviting}
        onClose={() => setInviting(false)}
        onInvited={(issued) => {
          setLink(issued);
          reload();
        }}
      />
      <LinkIssuedDialog link={link} onClose={() => setLink(null)} />
    </Flex>
  );
}
