import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useSessionUser } from '../../../components/session/current-user.ts';
import { AccountDetails } from '../components/AccountDetails.tsx';
import { PatentQueueCounts } from '../components/PatentQueueCounts.tsx';

/** Roles whose 工作台 shows the patent review queue's counts. */
const REVIEW_ROLES = ['reviewer', 'admin'];

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
      <AccountDetails user={user} showRole />
    </Flex>
  );
}
