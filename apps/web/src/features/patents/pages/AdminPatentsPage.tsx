import { PATENT_QUEUE_VIEWS, type PatentQueueView } from '@kxt/contracts/patent-queue';
import type { AdminPatentRow, PatentActor, PatentStatusCount } from '@kxt/contracts/patents';
import { useQueryClient } from '@tanstack/react-query';
import { Flex, Tabs } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CustomerPicker } from '../../../components/customer-picker/CustomerPicker.tsx';
import { actionsColumn } from '../../../components/DataTable/common-columns.tsx';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types.ts';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useSessionUser } from '../../../components/session/current-user.ts';
import { listAdminPatents, type PatentListResult } from '../api/list-patents.ts';
import { usePatentCountries } from '../api/patent-countries.ts';
import { patentQueueSummaryKey } from '../api/patent-queue-summary.ts';
import { PatentQueue } from '../components/PatentQueue.tsx';
import { ALL_STATUSES, keptStatus, PatentStatusTabs } from '../components/PatentStatusTabs.tsx';
import { patentColumns } from '../components/patent-columns.tsx';
import { useReviewerWork } from '../components/reviewer-work.tsx';

/** Staff see every count in full. */
const ADMIN_MAX_BADGE = 99_999;

/** The page's two tabs: the reviewer's queue (待处理) and every order (全部订单). */
type PageTab = 'queue' | 'all';

const isQueueView = (value: string | null): value is PatentQueueView =>
  (PATENT_QUEUE_VIEWS as readonly (string | null)[]).includes(value);

/**
 * 专利审核 (/admin/patents): the reviewer's queue (the reviewer's default tab) and every customer's patent orders,
 * with the reviewer's work that moves them. `?tab=queue|all` and `?view=<queue view>` (the 工作台's links) choose
 * what shows.
 */
export default function AdminPatentsPage() {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const actor: PatentActor = user.role === 'admin' ? 'admin' : 'reviewer';
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedView = searchParams.get('view');
  const tab: PageTab =
    searchParams.get('tab') === 'all'
      ? 'all'
      : searchParams.get('tab') === 'queue' || isQueueView(requestedView) || actor === 'reviewer'
        ? 'queue'
        : 'all';
  const view: PatentQueueView = isQueueView(requestedView) ? requestedView : 'staff';
  // A link into the list (`?tab=all&keyword=…`, from the deadline calendar) replaces the stored search.
  const linkedKeyword = searchParams.get('keyword')?.trim();
  const queryClient = useQueryClient();
  const listRef = useRef<DataTableAction>(null);
  const queueRef = useRef<DataTableAction>(null);
  const countries = usePatentCountries();
  const [status, setStatus] = useState(ALL_STATUSES);
  const [customerId, setCustomerId] = useState<number | undefined>();
  const [counts, setCounts] = useState<PatentStatusCount[]>([]);

  const work = useReviewerWork(actor, () => {
    void listRef.current?.reload();
    void queueRef.current?.reload();
    void queryClient.invalidateQueries({ queryKey: patentQueueSummaryKey });
  });
  const show = (next: { tab: PageTab; view?: PatentQueueView }) =>
    setSearchParams(next.tab === 'all' ? { tab: 'all' } : { tab: 'queue', view: next.view ?? view }, {
      replace: true,
    });

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
    actionsColumn(t('rowActions.actions'), work.rowActions),
  ];

  const allOrders = (
    <Flex vertical gap="middle">
      {counts.length > 0 ? (
        <PatentStatusTabs items={counts} value={status} onChange={setStatus} maxBadge={ADMIN_MAX_BADGE} />
      ) : null}
      <DataTable<AdminPatentRow, PatentListResult<AdminPatentRow>>
        tableKey="admin.patents"
        rowKey="id"
        columns={columns}
        request={listAdminPatents}
        initialSearchValues={linkedKeyword ? { searchValue: linkedKeyword } : undefined}
        params={{ ...(status === ALL_STATUSES ? {} : { status }), ...(customerId ? { customerId } : {}) }}
        onLoad={(result) => {
          setCounts(result.obj);
          setStatus((current) => keptStatus(current, result.obj));
        }}
        onReset={() => {
          setStatus(ALL_STATUSES);
          setCustomerId(undefined);
        }}
        actionRef={listRef}
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
    </Flex>
  );

  return (
    <Flex vertical gap="middle">
      <PageTitle title={t('patent.admin.title')} description={t('patent.admin.description')} />
      <Tabs
        activeKey={tab}
        onChange={(key) => show({ tab: key as PageTab })}
        destroyOnHidden
        items={[
          {
            key: 'queue',
            label: t('patent.queue.tab'),
            children: (
              <PatentQueue
                actor={actor}
                view={view}
                onViewChange={(next) => show({ tab: 'queue', view: next })}
                work={work}
                actionRef={queueRef}
              />
            ),
          },
          { key: 'all', label: t('patent.queue.allTab'), children: allOrders },
        ]}
      />
      {work.elements}
    </Flex>
  );
}
