import { useTranslation } from 'react-i18next';
import { useWorkbenchCounts } from '../api/workbench-counts.ts';
import { WorkCounts } from './WorkCounts.tsx';

/** The staff watch page on one of its hit views (it reads `view` from the URL). */
export const watchHitsLink = (view: 'consultant' | 'new') => `/admin/trademark-watches?view=${view}`;

/**
 * 工作台 for consultants and admins: watch hits customers asked their consultant about, and hits nobody has
 * reviewed yet (their opposition deadlines run whether or not anyone looked).
 */
export function ConsultantCounts() {
  const { t } = useTranslation();
  const counts = useWorkbenchCounts();
  const consultant = counts.data?.consultant;
  return (
    <WorkCounts
      title={t('home.consultant.title')}
      counts={[
        {
          key: 'hitsAsked',
          label: t('home.consultant.hitsAsked'),
          to: watchHitsLink('consultant'),
          value: consultant?.hitsAsked,
        },
        {
          key: 'hitsNew',
          label: t('home.consultant.hitsNew'),
          to: watchHitsLink('new'),
          value: consultant?.hitsNew,
        },
      ]}
      load={counts}
    />
  );
}
