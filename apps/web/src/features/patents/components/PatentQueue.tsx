import { PATENT_QUEUE_VIEWS, type PatentQueueRow, type PatentQueueView } from '@kxt/contracts/patent-queue';
import type { PatentActor } from '@kxt/contracts/patents';
import { Badge, Flex, Grid, Segmented, Tooltip } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn } from '../../../components/DataTable/common-columns.tsx';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { formatDateTime } from '../../../components/DataTable/format.ts';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types.ts';
import { usePatentCountries } from '../api/patent-countries.ts';
import { listPatentQueue } from '../api/patent-queue.ts';
import { usePatentQueueSummary } from '../api/patent-queue-summary.ts';
import { DeadlineText } from './DeadlineText.tsx';
import { patentColumns } from './patent-columns.tsx';
import { nextStepText, waitingDays } from './queue-format.ts';
import type { ReviewerWork } from './reviewer-work.tsx';

interface PatentQueueProps {
  actor: PatentActor;
  view: PatentQueueView;
  onViewChange: (view: PatentQueueView) => void;
  work: ReviewerWork;
  actionRef: Ref<DataTableAction>;
}

/**
 * 待处理: the orders of one queue view, most urgent first (the server's order: nearest outstanding OA reply deadline,
 * then longest waiting). Each row says its next step and offers it as its first button.
 */
export function PatentQueue({ actor, view, onViewChange, work, actionRef }: PatentQueueProps) {
  const { t, i18n } = useTranslation();
  const countries = usePatentCountries();
  const summary = usePatentQueueSummary();
  // On a phone the four views stack rather than run off the screen.
  const narrow = !Grid.useBreakpoint().md;

  const columns: DataTableColumn<PatentQueueRow>[] = [
    ...patentColumns<PatentQueueRow>(
      [
        'serviceCode',
        'statusName',
        {
          title: t('patent.queue.nextStep'),
          key: 'nextStep',
          search: false,
          render: (_dom, row) => <span data-next-step>{nextStepText(row, actor, t)}</span>,
        },
        {
          title: t('patent.queue.replyDeadline'),
          dataIndex: 'replyDeadline',
          search: false,
          render: (_dom, row) => <DeadlineText date={row.replyDeadline} />,
        },
        {
          title: t('patent.queue.waiting'),
          dataIndex: 'waitingSince',
          search: false,
          render: (_dom, row) => (
            <Tooltip title={formatDateTime(row.waitingSince)}>
              <span>{t('patent.queue.waitingDays', { count: waitingDays(row.waitingSince) })}</span>
            </Tooltip>
          ),
        },
        { title: t('patent.admin.customer'), dataIndex: 'customerName', search: false },
        'country',
        'productName',
      ],
      { t, language: i18n.language, countries: countries.data, keyColumn: 'serviceCode' },
    ),
    actionsColumn<PatentQueueRow>(t('rowActions.actions'), work.rowActions),
  ];

  return (
    <Flex vertical gap="middle">
      <Segmented<PatentQueueView>
        aria-label={t('patent.queue.views')}
        value={view}
        onChange={onViewChange}
        vertical={narrow}
        style={{ alignSelf: narrow ? 'stretch' : 'flex-start' }}
        options={PATENT_QUEUE_VIEWS.map((key) => ({
          value: key,
          label: (
            <Flex gap={6} align="center">
              <span>{t(`patent.queue.view.${key}`)}</span>
              <Badge
                count={summary.data?.[key] ?? 0}
                showZero
                overflowCount={99_999}
                color={key === 'overdue' && summary.data?.overdue ? 'red' : 'blue'}
              />
            </Flex>
          ),
        }))}
      />
      <DataTable<PatentQueueRow>
        tableKey="admin.patentQueue"
        rowKey="id"
        columns={columns}
        request={listPatentQueue}
        params={{ view }}
        search={false}
        serverLayout={false}
        persistQuery={false}
        actionRef={actionRef}
      />
    </Flex>
  );
}
