import type { PaymentState } from '@kxt/contracts/payments';
import type { TaxDeclarationStatus } from '@kxt/contracts/tax-declarations';
import { TAX_DUE_SOON_DAYS } from '@kxt/contracts/workbench-views';
import { useTranslation } from 'react-i18next';
import { useWorkbenchCounts } from '../api/workbench-counts.ts';
import { WorkCounts } from './WorkCounts.tsx';

/** The finance list on one state tab (the tab reads `status` from the URL). */
export const paymentsLink = (state: PaymentState) => `/admin/payments?status=${state}`;

/** The tax declaration list on one status tab, due up to `dueTo` (YYYY-MM-DD) when given. */
export const taxDeclarationsLink = (status: TaxDeclarationStatus, dueTo?: string) =>
  `/admin/tax-declarations?status=${status}${dueTo ? `&dueTo=${dueTo}` : ''}`;

/**
 * 工作台 for finance and admins: transfers waiting for finance's review, and tax declarations overdue or due within
 * TAX_DUE_SOON_DAYS, each leading to its list filtered as the server counted it.
 */
export function FinanceCounts() {
  const { t } = useTranslation();
  const counts = useWorkbenchCounts();
  const finance = counts.data?.finance;
  return (
    <WorkCounts
      title={t('home.finance.title')}
      counts={[
        {
          key: 'transfersToReview',
          label: t('home.finance.transfersToReview'),
          to: paymentsLink('submitted'),
          value: finance?.transfersToReview,
        },
        {
          key: 'taxDueSoon',
          label: t('home.finance.taxDueSoon', { days: TAX_DUE_SOON_DAYS }),
          to: taxDeclarationsLink('pending', finance?.taxDueSoonUntil),
          value: finance?.taxDueSoon,
          urgency: 'dueSoon',
        },
        {
          key: 'taxOverdue',
          label: t('home.finance.taxOverdue'),
          to: taxDeclarationsLink('overdue'),
          value: finance?.taxOverdue,
          urgency: 'overdue',
        },
      ]}
      load={counts}
    />
  );
}
