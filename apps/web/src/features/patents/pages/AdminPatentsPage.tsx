import { DownloadOutlined } from '@ant-design/icons';
import type { AdminPatentRow, PatentActor, PatentRow, PatentStatusCount } from '@kxt/contracts/patents';
import { Button, Flex } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerPicker } from '../../../components/customer-picker/CustomerPicker.tsx';
import { actionsColumn } from '../../../components/DataTable/common-columns.tsx';
import { useConfirm } from '../../../components/DataTable/confirm.tsx';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import type { RowAction } from '../../../components/DataTable/RowActions.tsx';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types.ts';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useSessionUser } from '../../../components/session/current-user.ts';
import { listAdminPatents, type PatentListResult } from '../api/list-patents.ts';
import { usePatentCountries } from '../api/patent-countries.ts';
import { AdminPatentDrawer } from '../components/AdminPatentDrawer.tsx';
import { DeadlineCorrectionDialog } from '../components/DeadlineCorrectionDialog.tsx';
import { EntryDialog, type EntryKind } from '../components/EntryDialogs.tsx';
import { FilingReceiptDialog } from '../components/FilingReceiptDialog.tsx';
import { MaterialsDrawer } from '../components/MaterialsView.tsx';
import { OfficeActionDialog } from '../components/OfficeActionDialog.tsx';
import { ALL_STATUSES, keptStatus, PatentStatusTabs } from '../components/PatentStatusTabs.tsx';
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
        | 'correctDeadline'
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

  /** The reviewer's next step first, then 查看, then the other steps (cancel, refund and close last). */
  const rowActions = (row: AdminPatentRow): RowAction[] => {
    const [next, ...others] = reviewerActions(row, actor).map(
      (action): RowAction => ({
        key: action,
        label: t(`patent.reviewerActions.${action}`),
        danger: DANGER.includes(action),
        onClick: () => open(action, row),
      }),
    );
    const view: RowAction = { key: 'view', label: t('rowActions.view'), onClick: () => setViewing(row.id) };
    return next ? [next, view, ...others] : [view];
  };

  const columns: DataTableColumn<AdminPatentRow>[] = [
    ...patentColumns<AdminPatentRow>(
      [
        'keyword',
        'serviceCode',
        'statusName',
        { title: t('patent.admin.customer'), dataIndex: 'customerName', search: false },
        'country',
        'oaAbortAnswerTime',
        'applyName',
        'applyTitle',
        'patentType',
        'productName',
        'referenceNumber',
        'registrationNumber',
        'submissionTime',
      ],
      { t, language: i18n.language, countries: countries.data, keyColumn: 'serviceCode' },
    ),
    actionsColumn(t('rowActions.actions'), rowActions),
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
        onLoad={(result) => {
          setCounts(result.obj);
          setStatus((current) => keptStatus(current, result.obj));
        }}
        onReset={() => {
          setStatus(ALL_STATUSES);
          setCustomerId(undefined);
        }}
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
      <DeadlineCorrectionDialog row={rowOf('correctDeadline')} onClose={close} onDone={done} />
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
