import { FileImageOutlined, PlusOutlined } from '@ant-design/icons';
import type { AgreementBulk, AgreementRow } from '@kxt/contracts/agreements';
import { Button, Flex, Input, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type BulkContext, postBulk, useBulkAction } from '../../../components/DataTable/bulk.tsx';
import {
  customerNameColumn,
  dayOfTimeColumn,
  keywordColumn,
  stateColumn,
} from '../../../components/DataTable/common-columns.tsx';
import { useConfirm } from '../../../components/DataTable/confirm.tsx';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { useRowActions } from '../../../components/DataTable/row-actions.ts';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types.ts';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useSessionUser } from '../../../components/session/current-user.ts';
import { listAgreements } from '../api/list-agreements.ts';
import { useReissueAgreement } from '../api/reissue-agreement.ts';
import { useRevokeAgreement } from '../api/revoke-agreement.ts';
import { AgreementDetailDrawer } from '../components/AgreementDetailDrawer.tsx';
import { AgreementStatusTag } from '../components/AgreementStatusTag.tsx';
import { absoluteLink, nameEnum, statusEnum } from '../components/agreement-enums.ts';
import { CreateAgreementDialog } from '../components/CreateAgreementDialog.tsx';
import { TemplatesDialog } from '../components/TemplatesDialog.tsx';

export default function AgreementsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const message = useMessageApi();
  const actionRef = useRef<DataTableAction>(null);
  // A link into the list (`?keyword=…`, from the deadline calendar) replaces the stored search.
  const linkedKeyword = useSearchParams()[0].get('keyword')?.trim();
  const rowActions = useRowActions();
  const [confirm, confirmHolder] = useConfirm();
  const [bulk, bulkHolder] = useBulkAction();
  const bulkButton = (action: AgreementBulk['action'], context: BulkContext) => {
    const label = t(action === 'resend' ? 'agreements.bulkResend' : 'agreements.bulkRevoke');
    return (
      <Button
        key={action}
        size="small"
        danger={action === 'revoke'}
        onClick={() =>
          void bulk(
            {
              action: label,
              danger: action === 'revoke',
              fields: action === 'resend' ? t('agreements.bulkResendHint') : t('agreements.revokeContent'),
              run: (target) => postBulk('/api/admin/agreements/bulk', target, { action }),
            },
            context,
          )
        }
      >
        {label}
      </Button>
    );
  };
  const revoke = useRevokeAgreement();
  const reissue = useReissueAgreement();
  const [viewing, setViewing] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [editingTemplates, setEditingTemplates] = useState(false);

  const copyLink = (url: string) => void rowActions.copy(absoluteLink(url));

  const askRevoke = async (row: AgreementRow) => {
    let reason = '';
    const confirmed = await confirm({
      title: t('agreements.revokeTitle', { name: row.agreementName }),
      content: (
        <Flex vertical gap="small">
          <span>{t('agreements.revokeContent')}</span>
          <Input.TextArea
            aria-label={t('agreements.revokeReason')}
            placeholder={t('agreements.revokeReason')}
            maxLength={500}
            autoSize={{ minRows: 2, maxRows: 4 }}
            onChange={(event) => {
              reason = event.target.value;
            }}
          />
        </Flex>
      ),
      okText: t('agreements.revoke'),
    });
    if (!confirmed) return;
    try {
      await revoke.mutateAsync({ id: row.id, reason });
    } catch {
      return; // The API client has shown the error.
    }
    void message.success(t('agreements.revokeDone'));
    void actionRef.current?.reload();
  };

  const askReissue = async (row: AgreementRow) => {
    const confirmed = await confirm({
      title: t('agreementSigning.reissueTitle', { name: row.agreementName }),
      content: t('agreementSigning.reissueContent'),
      okText: t('agreementSigning.reissue'),
    });
    if (!confirmed) return;
    try {
      await reissue.mutateAsync(row.id);
    } catch {
      return; // The API client has shown the error.
    }
    void message.success(t('agreementSigning.reissueDone'));
    void actionRef.current?.reload();
  };

  const columns: DataTableColumn<AgreementRow>[] = [
    keywordColumn(t('lists.keyword'), t('agreements.keywordPlaceholder')),
    customerNameColumn(t('agreements.customer')),
    {
      title: t('agreementSigning.signerName'),
      dataIndex: 'signerName',
      search: false,
      render: (_dom, row) => row.signerName ?? '-',
    },
    {
      title: t('agreements.agreementName'),
      dataIndex: 'agreementName',
      valueType: 'select',
      valueEnum: nameEnum(),
    },
    stateColumn({
      title: t('agreements.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: statusEnum(t),
      search: false,
      // A second tag (已作废, 已过期) goes under the first rather than widening the list.
      width: 100,
      render: (_dom, row) => <AgreementStatusTag row={row} />,
    }),
    // Days, the times on hover and in the detail: four times of day would not leave the row room on a 1440 px screen.
    dayOfTimeColumn(t('agreements.createdAt'), 'createdAt'),
    dayOfTimeColumn(t('agreements.readAt'), 'readAt'),
    dayOfTimeColumn(t('agreements.signedAt'), 'signedAt'),
    dayOfTimeColumn(t('agreements.expiresAt'), 'expiresAt'),
    {
      title: t('rowActions.actions'),
      key: 'actions',
      valueType: 'option',
      fixed: 'right',
      // Three actions on a line; a fourth (解除锁定, after an identity check locked the link) goes to a second line
      // rather than widening the list past a 1440 px screen.
      width: 215,
      render: (_dom, row) => (
        <Space size={0} wrap>
          {row.revoked || row.expired ? null : (
            <Button type="link" size="small" onClick={() => copyLink(row.url)}>
              {t('agreements.copyLink')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setViewing(row.id)}>
            {t('rowActions.view')}
          </Button>
          {row.identityLocked && !row.revoked && row.status !== 2 ? (
            <Button type="link" size="small" onClick={() => void askReissue(row)}>
              {t('agreementSigning.reissue')}
            </Button>
          ) : null}
          {row.status !== 2 && !row.revoked ? (
            <Button type="link" size="small" danger onClick={() => void askRevoke(row)}>
              {t('agreements.revoke')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap="large">
      {confirmHolder}
      {bulkHolder}
      <PageTitle title={t('agreements.title')} description={t('agreements.description')} />
      <DataTable<AgreementRow>
        tableKey="admin.agreements"
        rowKey="id"
        columns={columns}
        request={listAgreements}
        initialSearchValues={linkedKeyword ? { keyword: linkedKeyword } : undefined}
        statusTabs={{ dataIndex: 'status' }}
        rowSelection={{}}
        bulkActions={(context) => [bulkButton('resend', context), bulkButton('revoke', context)]}
        actionRef={actionRef}
        toolBarRender={() => [
          ...(user.role === 'admin'
            ? [
                <Button
                  key="templates"
                  icon={<FileImageOutlined />}
                  onClick={() => setEditingTemplates(true)}
                >
                  {t('agreements.templates')}
                </Button>,
              ]
            : []),
          <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('agreements.create')}
          </Button>,
        ]}
      />
      <AgreementDetailDrawer id={viewing} onClose={() => setViewing(null)} />
      <CreateAgreementDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => void actionRef.current?.reload()}
        copy={(text) => void rowActions.copy(text)}
      />
      {user.role === 'admin' ? (
        <TemplatesDialog open={editingTemplates} onClose={() => setEditingTemplates(false)} />
      ) : null}
    </Flex>
  );
}
