import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown in the portal while the customer's company waits for staff to verify it: what works and what waits. */
export function PendingCompanyBanner() {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      banner
      title={t('accounts.pending.title')}
      description={t('accounts.pending.text')}
      style={{ marginBottom: 16 }}
    />
  );
}
