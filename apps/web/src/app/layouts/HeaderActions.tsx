import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { CurrentUser } from '@kxt/contracts/auth';
import { Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { PROFILE_PATH } from '../../components/routing/paths.ts';
import { useLogout } from '../../features/auth/api/logout.ts';
import { NotificationBell } from '../../features/notifications/components/NotificationBell.tsx';

/**
 * Right side of both layouts' headers: who is logged in (and their company), notifications, the language switch,
 * logout. `compact` (a phone) keeps them to one row: tighter gaps and logout as an icon button named by its label.
 */
export function HeaderActions({
  user,
  compact = false,
  bell = true,
}: {
  user: CurrentUser;
  compact?: boolean;
  /** False where the layout shows the bell itself (the portal's folded phone menu keeps it beside the fold). */
  bell?: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const logout = useLogout();
  return (
    <Flex align="center" gap={compact ? 'small' : 'middle'} wrap style={{ marginInlineStart: 'auto' }}>
      {/* The user's name opens their profile (password, sessions, language): the header's user menu. */}
      <Link
        to={PROFILE_PATH}
        title={[t('accounts.profile.open'), user.customerName].filter(Boolean).join(' · ')}
        style={{ color: 'inherit' }}
      >
        <Flex align="center" gap="small" style={{ lineHeight: 1.4 }}>
          <UserOutlined aria-hidden />
          <span style={{ fontWeight: token.fontWeightStrong }}>{user.displayName}</span>
          {user.customerName ? (
            <span
              className={compact ? undefined : 'kxt-header-company'}
              style={{ color: token.colorTextSecondary }}
            >
              {user.customerName}
            </span>
          ) : null}
        </Flex>
      </Link>
      {bell ? <NotificationBell /> : null}
      <LanguageSwitch />
      <Button
        icon={<LogoutOutlined />}
        aria-label={t('auth.logout')}
        title={t('auth.logout')}
        loading={logout.isPending}
        onClick={() => logout.mutate()}
      >
        {compact ? null : <span className="kxt-header-logout-label">{t('auth.logout')}</span>}
      </Button>
    </Flex>
  );
}
