import { PATENT_QUEUE_VIEWS, type PatentQueueView } from '@kxt/contracts/patent-queue-views';
import { useTranslation } from 'react-i18next';
import { usePatentQueueSummary } from '../../patents/api/patent-queue-summary.ts';
import { WorkCounts } from './WorkCounts.tsx';

/** Where each count leads: the queue tab of 专利审核 on that view. */
export const queueLink = (view: PatentQueueView) => `/admin/patents?tab=queue&view=${view}`;

const URGENCY: Partial<Record<PatentQueueView, 'overdue' | 'dueSoon'>> = {
  overdue: 'overdue',
  dueSoon: 'dueSoon',
};

/** 工作台 for reviewers and admins: how many patent orders wait on them, are due soon, overdue, or wait on customers. */
export function PatentQueueCounts() {
  const { t } = useTranslation();
  const summary = usePatentQueueSummary();
  return (
    <WorkCounts
      title={t('home.queue.title')}
      counts={PATENT_QUEUE_VIEWS.map((view) => ({
        key: view,
        label: t(`home.queue.${view}`),
        to: queueLink(view),
        value: summary.data?.[view],
        urgency: URGENCY[view],
      }))}
      load={summary}
    />
  );
}
