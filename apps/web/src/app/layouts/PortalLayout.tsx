import { isStaffRole } from '@kxt/contracts/roles';
import { Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductName } from '../../components/ProductName.tsx';
import { ADMIN_HOME_PATH } from '../../components/routing/paths.ts';
import { useSessionUser } from '../../components/session/current-user.ts';
import { portalNavigation } from '../navigation.ts';
import { HeaderActions } from './HeaderActions.tsx';
import { PageSurface } from './PageSurface.tsx';
import { PortalNavigation } from './PortalNavigation.tsx';

/**
 * Customer portal: top navigation; header with the product, the user and company, language and logout. Plain
 * header and main elements in antd Layout's colours: antd's Layout brings its Sider (unused here) to every portal
 * page's first load.
 */
export default function PortalLayout() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { token } = theme.useToken();
  return (
    <Flex vertical style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <header
        style={{
          flex: 'none',
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          paddingInline: 24,
        }}
      >
        <Flex align="center" gap="large" wrap style={{ minHeight: 64 }}>
          <ProductName />
          <PortalNavigation entries={portalNavigation} role={user.role} />
          {isStaffRole(user.role) ? <Link to={ADMIN_HOME_PATH}>{t('nav.backOffice')}</Link> : null}
          <HeaderActions user={user} />
        </Flex>
      </header>
      <main
        style={{
          flex: 'auto',
          minHeight: 0,
          color: token.colorText,
          padding: 24,
          width: '100%',
          maxWidth: 1280,
          marginInline: 'auto',
          boxSizing: 'border-box',
        }}
      >
        <PageSurface />
      </main>
    </Flex>
  );
}
