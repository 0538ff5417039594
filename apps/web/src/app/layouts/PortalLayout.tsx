import { isStaffRole } from '@kxt/contracts/roles';
import { Flex, Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductName } from '../../components/ProductName.tsx';
import { ADMIN_HOME_PATH } from '../../components/routing/paths.ts';
import { useSessionUser } from '../../components/session/current-user.ts';
import { portalNavigation } from '../navigation.ts';
import { HeaderActions } from './HeaderActions.tsx';
import { NavigationMenu } from './NavigationMenu.tsx';
import { PageSurface } from './PageSurface.tsx';

/** Customer portal: top menu; header with the product, the user and company, language and logout. */
export default function PortalLayout() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          paddingInline: 24,
          height: 'auto',
          lineHeight: 'normal',
        }}
      >
        <Flex align="center" gap="large" wrap style={{ minHeight: 64 }}>
          <ProductName />
          <NavigationMenu entries={portalNavigation} role={user.role} mode="horizontal" />
          {isStaffRole(user.role) ? <Link to={ADMIN_HOME_PATH}>{t('nav.backOffice')}</Link> : null}
          <HeaderActions user={user} />
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: 24, width: '100%', maxWidth: 1280, marginInline: 'auto' }}>
        <PageSurface />
      </Layout.Content>
    </Layout>
  );
}
