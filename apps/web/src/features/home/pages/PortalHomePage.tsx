import { Flex } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useSessionUser } from '../../../components/session/current-user.ts';
import { AccountDetails } from '../components/AccountDetails.tsx';

// Its own chunk: the home's first paint does not wait for the deadlines card's code.
const UpcomingDeadlines = lazy(() => import('../../deadlines/components/UpcomingDeadlines.tsx'));
const WatchesCard = lazy(() => import('../../trademark-watches/components/WatchesCard.tsx'));

export default function PortalHomePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <Flex vertical gap="large">
      <PageTitle
        title={t('home.portal.welcome', { name: user.displayName })}
        description={t('home.portal.intro')}
      />
      <Suspense fallback={null}>
        <UpcomingDeadlines />
      </Suspense>
      <Suspense fallback={null}>
        <WatchesCard />
      </Suspense>
      <AccountDetails user={user} />
    </Flex>
  );
}
