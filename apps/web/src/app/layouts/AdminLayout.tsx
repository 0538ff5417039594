import { Flex, Layout, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNarrowScreen } from '../../components/media/use-narrow-screen.ts';
import { ProductName } from '../../components/ProductName.tsx';
import { useSessionUser } from '../../components/session/current-user.ts';
import { adminNavigation } from '../navigation.ts';
import { HeaderActions } from './HeaderActions.tsx';
import { NavigationMenu } from './NavigationMenu.tsx';
import { PageSurface } from './PageSurface.tsx';
import { PhoneHeader } from './PhoneHeader.tsx';

/**
 * Back office for staff: side menu; header with the product, the user, language and logout. On a phone, as in the
 * portal, the menu and the user's actions fold behind one button in the header (`PhoneHeader`), and the page has the
 * whole width: a strip of icons beside it named nothing and took a seventh of the screen (issue #15).
 */
export default function AdminLayout() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(false);
  const narrow = useNarrowScreen();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {narrow ? null : (
        <Layout.Sider
          theme="light"
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          breakpoint="lg"
        >
          <Flex
            align="center"
            justify="center"
            style={{
              height: 64,
              paddingInline: collapsed ? 4 : 16,
              fontWeight: token.fontWeightStrong,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
            }}
          >
            {/* Folded, the strip is too narrow for the name: the icons below speak for themselves. */}
            {collapsed ? null : t('app.adminName')}
          </Flex>
          <NavigationMenu entries={adminNavigation} role={user.role} mode="inline" />
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            paddingInline: narrow ? token.padding : 24,
            height: 'auto',
            lineHeight: 'normal',
          }}
        >
          {narrow ? (
            <PhoneHeader
              menu={
                <>
                  <NavigationMenu entries={adminNavigation} role={user.role} mode="inline" />
                  <HeaderActions user={user} compact bell={false} />
                </>
              }
            />
          ) : (
            <Flex align="center" gap="middle" wrap style={{ minHeight: 64 }}>
              <ProductName />
              <HeaderActions user={user} />
            </Flex>
          )}
        </Layout.Header>
        <Layout.Content style={{ padding: narrow ? token.paddingSM : 24 }}>
          <PageSurface />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
