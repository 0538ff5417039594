import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useSessionUser } from '../../../components/session/current-user.ts';
import { AccountDetails } from '../components/AccountDetails.tsx';

export default function PortalHomePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <Flex vertical gap="large">
      <PageTitle
        title={t('home.portal.welcome', { name: user.displayName })}
        description={t('home.portal.intro')}
      />
      <AccountDetails user={user} />
    </Flex>
  );
}
