import { ShoppingCartOutlined } from '@ant-design/icons';
import {
  PATENT_TYPE_TABS,
  type PatentAction,
  type PatentRow,
  type PatentStatusCount,
  patentActions,
} from '@kxt/contracts/patents';
import { canOpenPayDialog } from '@kxt/contracts/payments';
import { Button, Flex, Tabs } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { actionsColumn } from '../../../components/DataTable/common-columns.tsx';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import type { RowAction } from '../../../components/DataTable/RowActions.tsx';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types.ts';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { listPatents, type PatentListResult } from '../api/list-patents.ts';
import { usePatentCountries } from '../api/patent-countries.ts';
import { getPaymentStatus } from '../api/payment-status.ts';
import { checkRefund } from '../api/refund-check.ts';
import { CompanyDialog } from '../components/CompanyDialog.tsx';
import { MaterialsDrawer } from '../components/MaterialsView.tsx';
import { cacheRules, rulesVersion, saveMaterialsFormParams } from '../components/materials-cache.ts';
import { PatentRecordDialog, type PatentRecordKind } from '../components/PatentRecordDialog.tsx';
import { ALL_STATUSES, keptStatus, PatentStatusTabs } from '../components/PatentStatusTabs.tsx';
import { PATENT_COLUMNS, patentColumns } from '../components/patent-columns.tsx';
import { goToPurchase } from '../components/purchase.ts';
import { RejectionDialog } from '../components/RejectReasonsDialog.tsx';
import { ReplyPackageDialog } from '../components/ReplyPackageDialog.tsx';

// The payments feature owns the pay dialog; it loads only when a fee is paid.
const PayDialog = lazy(() => import('../../payments/components/PayDialog.tsx'));

const PAYMENT_SUBMITTED = 1;
/** Actions that ask the server first: their button spins meanwhile. */
const BUSY_ACTIONS: readonly PatentAction[] = ['uploadMaterials', 'reuploadMaterials', 'payAuthorizationFee'];

interface PatentListPageProps {
  /** Status badges show "N+" above this (default STATUS_BADGE_MAX, 9). */
  maxBadge?: number;
}

/** 专利注册 (spec §2.4): the customer's patent orders, with every action §4 allows at each status. */
export default function PatentListPage({ maxBadge }: PatentListPageProps) {
  const { t, i18n } = useTranslation();
  const message = useMessageApi();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const actionRef = useRef<DataTableAction>(null);
  const countries = usePatentCountries();

  // `t` picks the type tab; patent registration (1) is the only one, and the default.
  const requestedTab = searchParams.get('t') ?? '';
  const typeTab = (PATENT_TYPE_TABS as readonly number[]).includes(Number(requestedTab)) ? requestedTab : '1';
  const keyword = searchParams.get('keyword')?.trim() || undefined;
  const linkedServiceCode = searchParams.get('serviceCode')?.trim();
  const serviceCode = linkedServiceCode && linkedServiceCode !== 'null' ? linkedServiceCode : undefined;
  const autoOpen = useRef(Boolean(serviceCode));

  const [status, setStatus] = useState(ALL_STATUSES);
  const [counts, setCounts] = useState<PatentStatusCount[]>([]);
  const [record, setRecord] = useState<{ kind: PatentRecordKind; row: PatentRow } | null>(null);
  const [rejection, setRejection] = useState<{ row: PatentRow; status: -1 | -2 } | null>(null);
  const [materialsId, setMaterialsId] = useState<number | null>(null);
  const [replying, setReplying] = useState<PatentRow | null>(null);
  const [company, setCompany] = useState<PatentRow | null>(null);
  const [paying, setPaying] = useState<PatentRow | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const reload = () => void actionRef.current?.reload();

  /** Upload at 1 / -1: refused when the order has been refunded; else the form, with its parameters cached. */
  const startUpload = async (row: PatentRow) => {
    setBusy(row.id);
    try {
      const check = await checkRefund(row.id);
      if (check.refunded) {
        void message.warning(t('patent.upload.refunded'));
        return;
      }
    } catch {
      return; // The API client has shown the server's message.
    } finally {
      setBusy(null);
    }
    saveMaterialsFormParams({
      id: row.id,
      serviceCode: row.serviceCode,
      status: row.status,
      patentType: row.patentType,
      countryCode: row.countryCode,
      countryName: row.countryName,
      productName: row.productName,
      rulesVersion: rulesVersion(row.additionalRulesInfo),
    });
    cacheRules(i18n.language, row.countryCode, row.patentType, row.additionalRulesInfo);
    navigate(`/form/submit?id=${row.id}`);
  };

  /** Pay at 12: a transfer waiting for finance says so; otherwise the pay dialog, when the state allows it. */
  const pay = async (row: PatentRow) => {
    setBusy(row.id);
    let state: Awaited<ReturnType<typeof getPaymentStatus>>;
    try {
      state = await getPaymentStatus(row.serviceCode);
    } catch {
      return;
    } finally {
      setBusy(null);
    }
    if (state === PAYMENT_SUBMITTED) {
      void message.info(t('patent.pay.feeSubmitted'));
      return;
    }
    if (canOpenPayDialog(state ?? null)) setPaying(row);
    else void message.info(t('patent.pay.notPayable'));
  };

  const handlers: Record<PatentAction, (row: PatentRow) => void> = {
    uploadMaterials: (row) => void startUpload(row),
    reuploadMaterials: (row) => void startUpload(row),
    viewMaterials: (row) => setMaterialsId(row.id),
    viewPatentInfo: (row) => setRecord({ kind: 'patentInfo', row }),
    viewFilingReceipt: (row) => setRecord({ kind: 'filingReceipt', row }),
    viewReplyRejection: (row) => setRejection({ row, status: -2 }),
    payAuthorizationFee: (row) => void pay(row),
    viewOfficeAction: (row) => setRecord({ kind: 'officeAction', row }),
    uploadReplyPackage: (row) => setReplying(row),
    reuploadReplyPackage: (row) => setReplying(row),
    downloadReplyPackage: () => undefined,
    viewReviewReceipt: (row) => setRecord({ kind: 'reviewReceipt', row }),
    viewCertificate: (row) => setRecord({ kind: 'certificate', row }),
    viewRegistrationInfo: (row) => setRecord({ kind: 'registration', row }),
    viewRejectionReasons: (row) => setRejection({ row, status: -1 }),
    viewExpeditedNotice: (row) => setRecord({ kind: 'expeditedNotice', row }),
  };

  const rowAction = (action: PatentAction, row: PatentRow): RowAction => {
    const label = t(`patent.actions.${action}`);
    if (action === 'downloadReplyPackage') {
      return {
        key: action,
        label,
        href: row.answerDataUrl ?? undefined,
        download: true,
        disabled: !row.answerDataUrl,
      };
    }
    return {
      key: action,
      label,
      loading: busy === row.id && BUSY_ACTIONS.includes(action),
      onClick: () => handlers[action](row),
    };
  };

  const columns: DataTableColumn<PatentRow>[] = [
    ...patentColumns<PatentRow>(PATENT_COLUMNS, {
      t,
      language: i18n.language,
      countries: countries.data,
      countriesLoading: countries.isPending,
      onApplyTitle: setCompany,
      keyColumn: 'parentOrderNo',
    }),
    actionsColumn(t('rowActions.actions'), (row) =>
      patentActions(row).map((action) => rowAction(action, row)),
    ),
  ];

  const onLoad = (result: PatentListResult<PatentRow>) => {
    setCounts(result.obj);
    setStatus((current) => keptStatus(current, result.obj));
    if (!autoOpen.current) return;
    autoOpen.current = false;
    const first = result.data[0];
    if (first?.status === 1) void startUpload(first);
  };

  const prefill = serviceCode ?? keyword;

  return (
    <Flex vertical gap="middle">
      <PageTitle title={t('patent.list.title')} description={t('patent.list.description')} />
      <Tabs activeKey={typeTab} items={[{ key: '1', label: t('patent.list.typeTab') }]} />
      {counts.length > 0 ? (
        <PatentStatusTabs items={counts} value={status} onChange={setStatus} maxBadge={maxBadge} />
      ) : null}
      <DataTable<PatentRow, PatentListResult<PatentRow>>
        tableKey="portal.patents"
        rowKey="id"
        columns={columns}
        request={listPatents}
        params={status === ALL_STATUSES ? {} : { status }}
        onLoad={onLoad}
        onReset={() => setStatus(ALL_STATUSES)}
        actionRef={actionRef}
        initialSearchValues={prefill ? { searchValue: prefill } : undefined}
        toolBarRender={() => [
          <Button
            key="buy"
            type="primary"
            icon={<ShoppingCartOutlined />}
            onClick={() => goToPurchase((path) => navigate(path))}
          >
            {t('patent.list.buy')}
          </Button>,
        ]}
      />
      <PatentRecordDialog
        kind={record?.kind ?? null}
        row={record?.row ?? null}
        onClose={() => setRecord(null)}
      />
      <RejectionDialog
        row={rejection?.row ?? null}
        status={rejection?.status ?? -1}
        onClose={() => setRejection(null)}
      />
      <MaterialsDrawer id={materialsId} onClose={() => setMaterialsId(null)} />
      <ReplyPackageDialog row={replying} onClose={() => setReplying(null)} onUploaded={reload} />
      <CompanyDialog row={company} onClose={() => setCompany(null)} />
      {paying ? (
        <Suspense fallback={null}>
          <PayDialog
            open
            serviceCode={paying.serviceCode}
            amount={paying.orderDataInfo.isAuthorizationAmout ?? 0}
            currency={paying.orderDataInfo.currency}
            onClose={() => setPaying(null)}
            onPaid={() => {
              setPaying(null);
              reload();
            }}
          />
        </Suspense>
      ) : null}
    </Flex>
  );
}
