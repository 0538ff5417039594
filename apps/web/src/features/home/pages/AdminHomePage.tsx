import { CONSULTANT_WORK_ROLES, FINANCE_WORK_ROLES } from '@kxt/contracts/workbench-views';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useSessionUser } from '../../../components/session/current-user.ts';
import { AccountDetails } from '../components/AccountDetails.tsx';
import { ConsultantCounts } from '../components/ConsultantCounts.tsx';
import { FinanceCounts } from '../components/FinanceCounts.tsx';
import { PatentQueueCounts } from '../components/PatentQueueCounts.tsx';

/** Roles whose 工作台 shows the patent review queue's counts. */
const REVIEW_ROLES = ['reviewer', 'admin'];

/** The back office's first page: a welcome, what waits on the reader's role (admins see every box), their account. */
export default function AdminHomePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <Flex vertical gap="large">
      <PageTitle
        title={t('home.admin.welcome', { name: user.displayName })}
        description={t('home.admin.intro', { role: t(`roles.${user.role}`) })}
      />
      {REVIEW_ROLES.includes(user.role) ? <PatentQueueCounts /> : null}
      {FINANCE_WORK_ROLES.includes(user.role) ? <FinanceCounts /> : null}
      {CONSULTANT_WORK_ROLES.includes(user.role) ? <ConsultantCounts /> : null}
      <AccountDetails user={user} showRole />
    </Flex>
  );
}
