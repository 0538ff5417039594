import { isStaffRole } from '@kxt/contracts/role-names';
import { Flex, theme } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNarrowScreen } from '../../components/media/use-narrow-screen.ts';
import { ProductName } from '../../components/ProductName.tsx';
import { ADMIN_HOME_PATH } from '../../components/routing/paths.ts';
import { useSessionUser } from '../../components/session/current-user.ts';
import { portalNavigation } from '../navigation.ts';
import { HeaderActions } from './HeaderActions.tsx';
import { PageSurface } from './PageSurface.tsx';
import { PhoneHeader } from './PhoneHeader.tsx';
import { PortalNavigation } from './PortalNavigation.tsx';

// Only a customer whose company waits for verification loads the banner: everyone else's first load stays as it was.
const PendingCompanyBanner = lazy(async () => ({
  default: (await import('../../features/accounts/components/PendingCompanyBanner.tsx')).PendingCompanyBanner,
}));

/**
 * Customer portal: top navigation; header with the product, the user and company, language and logout. Plain
 * header and main elements in antd Layout's colours: antd's Layout brings its Sider (unused here) to every portal
 * page's first load. On a phone the navigation and the user's actions fold into a menu behind one button, so the
 * page starts on the first screen (issue #15); the menu closes when a page is chosen.
 */
export default function PortalLayout() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { token } = theme.useToken();
  const narrow = useNarrowScreen();
  const backOffice = isStaffRole(user.role) ? <Link to={ADMIN_HOME_PATH}>{t('nav.backOffice')}</Link> : null;
  return (
    <Flex vertical style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <header
        style={{
          flex: 'none',
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          paddingInline: narrow ? token.padding : 24,
        }}
      >
        {narrow ? (
          <PhoneHeader
            menu={
              <>
                <PortalNavigation entries={portalNavigation} role={user.role} vertical />
                {backOffice}
                <HeaderActions user={user} compact bell={false} />
              </>
            }
          />
        ) : (
          <Flex align="center" gap="large" wrap style={{ minHeight: 64 }}>
            <ProductName />
            <PortalNavigation entries={portalNavigation} role={user.role} />
            {backOffice}
            <HeaderActions user={user} />
          </Flex>
        )}
      </header>
      <main
        style={{
          flex: 'auto',
          minHeight: 0,
          color: token.colorText,
          padding: narrow ? token.padding : 24,
          width: '100%',
          maxWidth: 1280,
          marginInline: 'auto',
          boxSizing: 'border-box',
        }}
      >
        {user.companyPending ? (
          <Suspense fallback={null}>
            <PendingCompanyBanner />
          </Suspense>
        ) : null}
        <PageSurface />
      </main>
    </Flex>
  );
}
