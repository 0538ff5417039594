import { MenuOutlined } from '@ant-design/icons';
import { isStaffRole } from '@kxt/contracts/role-names';
import { Button, Flex, theme } from 'antd';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useNarrowScreen } from '../../components/media/use-narrow-screen.ts';
import { ProductName } from '../../components/ProductName.tsx';
import { ADMIN_HOME_PATH } from '../../components/routing/paths.ts';
import { useSessionUser } from '../../components/session/current-user.ts';
import { NotificationBell } from '../../features/notifications/components/NotificationBell.tsx';
import { portalNavigation } from '../navigation.ts';
import { HeaderActions } from './HeaderActions.tsx';
import { PageSurface } from './PageSurface.tsx';
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
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the phone menu whenever the page changes
  useEffect(() => setMenuOpen(false), [pathname]);
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
          <>
            <Flex align="center" justify="space-between" gap="small" style={{ minHeight: 56 }}>
              <ProductName style={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }} />
              {/* The bell stays in sight on a phone: unread notifications are what the fold must not hide. */}
              <Flex align="center" gap="small" style={{ flex: 'none' }}>
                <NotificationBell />
                <Button
                  type="text"
                  icon={<MenuOutlined />}
                  aria-label={menuOpen ? t('searchUx.nav.close') : t('searchUx.nav.open')}
                  aria-expanded={menuOpen}
                  aria-controls={menuId}
                  onClick={() => setMenuOpen(!menuOpen)}
                />
              </Flex>
            </Flex>
            {menuOpen ? (
              <Flex id={menuId} vertical gap="small" style={{ paddingBottom: token.padding }}>
                <PortalNavigation entries={portalNavigation} role={user.role} vertical />
                {backOffice}
                <HeaderActions user={user} compact bell={false} />
              </Flex>
            ) : null}
          </>
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
