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

/**
 * Back office for staff: side menu; header with the product, the user, language and logout. On a phone the sider
 * folds to a narrow strip of icons and the header packs its pieces with room around them, so nothing touches or
 * overlaps (issue #15).
 */
export default function AdminLayout() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(false);
  const narrow = useNarrowScreen();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        theme="light"
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        breakpoint="lg"
        collapsedWidth={narrow ? 56 : 80}
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
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            paddingInline: narrow ? token.paddingSM : 24,
            paddingBlock: narrow ? token.paddingXS : 0,
            height: 'auto',
            lineHeight: 'normal',
          }}
        >
          <Flex align="center" gap={narrow ? 'small' : 'middle'} wrap style={{ minHeight: narrow ? 48 : 64 }}>
            <ProductName style={narrow ? { fontSize: token.fontSizeLG } : undefined} />
            <HeaderActions user={user} compact={narrow} />
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: narrow ? token.paddingSM : 24 }}>
          <PageSurface />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
