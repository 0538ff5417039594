import type { Role } from '@kxt/contracts/role-names';
import { Menu, type MenuProps } from 'antd';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { activeEntryPath, menuEntries, type NavigationEntry } from '../navigation.ts';

interface NavigationMenuProps {
  entries: readonly NavigationEntry[];
  role: Role;
  mode: MenuProps['mode'];
}

/** The menu of a layout, built from its navigation entries for the user's role. Items are links. */
export function NavigationMenu({ entries, role, mode }: NavigationMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const visible = menuEntries(entries, role);
  const active = activeEntryPath(entries, pathname);
  const items: MenuProps['items'] = visible.map((entry) => ({
    key: entry.path,
    icon: createElement(entry.icon),
    label: <Link to={entry.path}>{t(entry.labelKey)}</Link>,
  }));
  return (
    <Menu
      mode={mode}
      items={items}
      selectedKeys={active ? [active] : []}
      aria-label={t('nav.menu')}
      style={{
        borderInlineEnd: 'none',
        borderBottom: 'none',
        background: 'transparent',
        flex: 1,
        minWidth: 0,
      }}
    />
  );
}
