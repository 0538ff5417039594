import { DownloadOutlined } from '@ant-design/icons';
import type { AdminPatentRow, PatentActor, PatentRow, PatentStatusCount } from '@kxt/contracts/patents';
import { Button, Flex, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerPicker } from '../../../components/customer-picker/CustomerPicker.tsx';
import { useConfirm } from '../../../components/DataTable/confirm.tsx';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types.ts';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useSessionUser } from '../../../components/session/current-user.ts';
import { listAdminPatents, type PatentListResult } from '../api/list-patents.ts';
import { usePatentCountries } from '../api/patent-countries.ts';
import { AdminPatentDrawer } from '../components/AdminPatentDrawer.tsx';
import { EntryDialog, type EntryKind } from '../components/EntryDialogs.tsx';
import { FilingReceiptDialog } from '../components/FilingReceiptDialog.tsx';
import { MaterialsDrawer } from '../components/MaterialsView.tsx';
import { OfficeActionDialog } from '../components/OfficeActionDialog.tsx';
import { ALL_STATUSES, PatentStatusTabs } from '../components/PatentStatusTabs.tsx';
import { patentColumns } from '../components/patent-columns.tsx';
import { RegistrationDialog } from '../components/RegistrationDialog.tsx';
import { ReviewDialog } from '../components/ReviewDialog.tsx';
import { type ReviewerAction, reviewerActions } from '../components/reviewer-actions.ts';
import { type FormlessTransition, TransitionDialog } from '../components/TransitionDialog.tsx';
import { UsFilingDialog } from '../components/UsFilingDialog.tsx';

/** Staff see every count in full. */
const ADMIN_MAX_BADGE = 99_999;

type Dialog =
  | {
      kind:
        | 'reviewMaterials'
        | 'reviewReply'
        | 'filingReceipt'
        | 'usFiling'
        | 'officeAction'
        | 'registration';
    }
  | { kind: 'entry'; entry: EntryKind }
  | { kind: 'transition'; transition: FormlessTransition };

const ENTRY_OF: Partial<Record<ReviewerAction, EntryKind>> = {
  reviewReceipt: 'reviewReceipt',
  certificate: 'certificate',
  setAuthorizationFee: 'authorizationFee',
  expeditedNotice: 'expeditedNotice',
};
const TRANSITION_OF: Partial<Record<ReviewerAction, FormlessTransition>> = {
  allow: 'allow',
  waiveAuthorizationFee: 'waiveAuthorizationFee',
  registerJapan: 'registerJapan',
  cancel: 'cancel',
  refund: 'refund',
  close: 'close',
};
const DANGER: readonly ReviewerAction[] = ['cancel', 'refund', 'close'];

/** 专利审核 (/admin/patents): every customer's patent orders and the reviewer's work that moves them. */
export default function AdminPatentsPage() {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const actor: PatentActor = user.role === 'admin' ? 'admin' : 'reviewer';
  const actionRef = useRef<DataTableAction>(null);
  const countries = usePatentCountries();
  const [confirm, confirmHolder] = useConfirm();
  const [status, setStatus] = useState(ALL_STATUSES);
  const [customerId, setCustomerId] = useState<number | undefined>();
  const [counts, setCounts] = useState<PatentStatusCount[]>([]);
  const [viewing, setViewing] = useState<number | null>(null);
  const [active, setActive] = useState<{ dialog: Dialog; row: AdminPatentRow } | null>(null);
  const [materialsId, setMaterialsId] = useState<number | null>(null);

  const reload = () => void actionRef.current?.reload();
  const close = () => setActive(null);
  const open = (action: ReviewerAction, row: AdminPatentRow) => {
    const entry = ENTRY_OF[action];
    const transition = TRANSITION_OF[action];
    if (entry) setActive({ dialog: { kind: 'entry', entry }, row });
    else if (transition) setActive({ dialog: { kind: 'transition', transition }, row });
    else setActive({ dialog: { kind: action as 'reviewMaterials' }, row });
  };
  const rowOf = (kind: Dialog['kind']) => (active?.dialog.kind === kind ? active.row : null);

  const confirmTransition = (transition: FormlessTransition, row: PatentRow) =>
    confirm({
      title: t('patent.admin.confirmTitle', { action: t(`patent.transitions.${transition}`) }),
      content: t('patent.admin.confirmContent', { serviceCode: row.serviceCode }),
      okText: t(`patent.transitions.${transition}`),
    });

  const columns: DataTableColumn<AdminPatentRow>[] = [
    ...patentColumns<AdminPatentRow>(
      [
        'keyword',
        'serviceCode',
        { title: t('patent.admin.customer'), dataIndex: 'customerName', search: false },
        'country',
        'applyName',
        'applyTitle',
        'patentType',
        'productName',
        'referenceNumber',
        'registrationNumber',
        'submissionTime',
        'oaAbortAnswerTime',
        'statusName',
      ],
      { t, language: i18n.language, countries: countries.data },
    ),
    {
      title: t('rowActions.actions'),
      key: 'actions',
      valueType: 'option',
      fixed: 'right',
      render: (_dom, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setViewing(row.id)}>
            {t('rowActions.view')}
          </Button>
          {reviewerActions(row, actor).map((action) => (
            <Button
              key={action}
              type="link"
              size="small"
              danger={DANGER.includes(action)}
              onClick={() => open(action, row)}
            >
              {t(`patent.reviewerActions.${action}`)}
            </Button>
          ))}
        </Space>
      ),
    },
  ];

  const done = () => reload();
  const materialsRow = rowOf('reviewMaterials');
  const replyRow = rowOf('reviewReply');

  return (
    <Flex vertical gap="middle">
      {confirmHolder}
      <PageTitle title={t('patent.admin.title')} description={t('patent.admin.description')} />
      {counts.length > 0 ? (
        <PatentStatusTabs items={counts} value={status} onChange={setStatus} maxBadge={ADMIN_MAX_BADGE} />
      ) : null}
      <DataTable<AdminPatentRow, PatentListResult<AdminPatentRow>>
        tableKey="admin.patents"
        rowKey="id"
        columns={columns}
        request={listAdminPatents}
        params={{ ...(status === ALL_STATUSES ? {} : { status }), ...(customerId ? { customerId } : {}) }}
        onLoad={(result) => setCounts(result.obj)}
        actionRef={actionRef}
        toolBarRender={() => [
          <div key="customer" style={{ width: 240 }}>
            <CustomerPicker
              value={customerId}
              onChange={setCustomerId}
              placeholder={t('patent.admin.customerFilter')}
            />
          </div>,
        ]}
      />
      <AdminPatentDrawer id={viewing} onClose={() => setViewing(null)} />
      <MaterialsDrawer id={materialsId} scope="admin" onClose={() => setMaterialsId(null)} />
      <ReviewDialog subject="materials" row={materialsRow} onClose={close} onDone={done}>
        <Button style={{ marginBottom: 16 }} onClick={() => materialsRow && setMaterialsId(materialsRow.id)}>
          {t('patent.admin.openMaterials')}
        </Button>
      </ReviewDialog>
      <ReviewDialog subject="reply" row={replyRow} onClose={close} onDone={done}>
        <Button
          style={{ marginBottom: 16 }}
          icon={<DownloadOutlined />}
          href={replyRow?.answerDataUrl ?? undefined}
          disabled={!replyRow?.answerDataUrl}
          download
        >
          {t('patent.actions.downloadReplyPackage')}
        </Button>
      </ReviewDialog>
      <FilingReceiptDialog row={rowOf('filingReceipt')} onClose={close} onDone={done} />
      <UsFilingDialog row={rowOf('usFiling')} onClose={close} onDone={done} />
      <OfficeActionDialog row={rowOf('officeAction')} onClose={close} onDone={done} />
      <RegistrationDialog row={rowOf('registration')} onClose={close} onDone={done} />
      <EntryDialog
        kind={active?.dialog.kind === 'entry' ? active.dialog.entry : null}
        row={active?.dialog.kind === 'entry' ? active.row : null}
        onClose={close}
        onDone={done}
      />
      <TransitionDialog
        transition={active?.dialog.kind === 'transition' ? active.dialog.transition : null}
        row={active?.dialog.kind === 'transition' ? active.row : null}
        onClose={close}
        onDone={done}
        confirm={confirmTransition}
      />
    </Flex>
  );
}
