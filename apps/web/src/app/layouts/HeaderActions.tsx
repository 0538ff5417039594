import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { CurrentUser } from '@kxt/contracts/auth';
import { Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { NotificationBell } from '../../features/notifications/components/NotificationBell.tsx';

/** Right side of both layouts' headers: who is logged in (and their company), notifications, the language switch, logout. */
export function HeaderActions({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const logout = useLogout();
  return (
    <Flex align="center" gap="middle" wrap style={{ marginInlineStart: 'auto' }}>
      <Flex align="center" gap="small" style={{ lineHeight: 1.4 }}>
        <UserOutlined aria-hidden />
        <span style={{ fontWeight: token.fontWeightStrong }}>{user.displayName}</span>
        {user.customerName ? (
          <span style={{ color: token.colorTextSecondary }}>{user.customerName}</span>
        ) : null}
      </Flex>
      <NotificationBell />
      <LanguageSwitch />
      <Button icon={<LogoutOutlined />} loading={logout.isPending} onClick={() => logout.mutate()}>
        {t('auth.logout')}
      </Button>
    </Flex>
  );
}
