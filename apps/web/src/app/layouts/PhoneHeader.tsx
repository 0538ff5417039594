import { MenuOutlined } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ProductName } from '../../components/ProductName.tsx';
import { NotificationBell } from '../../features/notifications/components/NotificationBell.tsx';

/**
 * A layout's header on a phone: the product, the bell always in sight (unread notifications are what the fold must
 * not hide) and one button that opens `menu` (the navigation and the user's actions) under it, so the page starts
 * on the first screen (issue #15). The menu closes when a page is chosen.
 */
export function PhoneHeader({ menu }: { menu: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the menu whenever the page changes
  useEffect(() => setMenuOpen(false), [pathname]);
  return (
    <>
      <Flex align="center" justify="space-between" gap="small" style={{ minHeight: 56 }}>
        <ProductName style={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }} />
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
          {menu}
        </Flex>
      ) : null}
    </>
  );
}
