import { Flex, Layout, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductName } from '../../components/ProductName.tsx';
import { useSessionUser } from '../../components/session/current-user.ts';
import { adminNavigation } from '../navigation.ts';
import { HeaderActions } from './HeaderActions.tsx';
import { NavigationMenu } from './NavigationMenu.tsx';
import { PageSurface } from './PageSurface.tsx';

/** Back office for staff: side menu; header with the product, the user, language and logout. */
export default function AdminLayout() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(false);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider theme="light" collapsible collapsed={collapsed} onCollapse={setCollapsed} breakpoint="lg">
        <Flex
          align="center"
          justify="center"
          style={{ height: 64, paddingInline: 16, fontWeight: token.fontWeightStrong, whiteSpace: 'nowrap' }}
        >
          {t('app.adminName')}
        </Flex>
        <NavigationMenu entries={adminNavigation} role={user.role} mode="inline" />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            paddingInline: 24,
            height: 'auto',
            lineHeight: 'normal',
          }}
        >
          <Flex align="center" gap="middle" wrap style={{ minHeight: 64 }}>
            <ProductName />
            <HeaderActions user={user} />
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <PageSurface />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
