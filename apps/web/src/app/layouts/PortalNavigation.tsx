import type { Role } from '@kxt/contracts/role-names';
import { Flex, theme } from 'antd';
import { createElement, type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { activeEntryPath, menuEntries, type NavigationEntry } from '../navigation.ts';

const NEXT_KEYS: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/** In the vertical menu the up and down keys move like left and right. */
const VERTICAL_KEYS: Readonly<Record<string, string>> = { ArrowDown: 'ArrowRight', ArrowUp: 'ArrowLeft' };

/**
 * The portal's top navigation: a menu bar of links built from the navigation entries for the user's role, the
 * current page's entry marked. Plain links rather than antd's Menu, which would add ~20 KB to every portal page's
 * first load for a handful of entries. A menu bar is one tab stop; the arrow keys, Home and End move within it.
 */
export function PortalNavigation({
  entries,
  role,
  vertical = false,
}: {
  entries: readonly NavigationEntry[];
  role: Role;
  /** One entry a line (the folded menu on a phone), moved through with the up and down keys as well. */
  vertical?: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const visible = menuEntries(entries, role);
  const active = activeEntryPath(entries, pathname);
  const focusIndex = Math.max(
    visible.findIndex((entry) => entry.path === active),
    0,
  );
  const links = useRef<(HTMLAnchorElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const move = NEXT_KEYS[vertical ? (VERTICAL_KEYS[event.key] ?? event.key) : event.key];
    const index = links.current.indexOf(event.target as HTMLAnchorElement);
    if (!move || index < 0) return;
    event.preventDefault();
    links.current[move(index, visible.length)]?.focus();
  };

  return (
    // A basis wider than what a phone has left beside the product name: there the menu takes a line of its own
    // instead of a sliver; on a wide screen it grows into the space between the name and the header actions.
    <nav aria-label={t('nav.menu')} style={{ flex: '1 1 360px', minWidth: 0 }}>
      <Flex
        component="ul"
        role="menubar"
        aria-orientation={vertical ? 'vertical' : 'horizontal'}
        vertical={vertical}
        wrap={!vertical}
        gap={token.marginXS}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
        onKeyDown={onKeyDown}
      >
        {visible.map((entry, index) => {
          const current = entry.path === active;
          return (
            <li key={entry.path} role="none">
              <Link
                ref={(element) => {
                  links.current[index] = element;
                }}
                to={entry.path}
                role="menuitem"
                tabIndex={index === focusIndex ? 0 : -1}
                aria-current={current ? 'page' : undefined}
                style={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: token.marginXS,
                  paddingInline: token.paddingSM,
                  lineHeight: vertical ? '44px' : '62px',
                  color: current ? token.colorPrimary : token.colorText,
                  borderBottom: `2px solid ${current ? token.colorPrimary : 'transparent'}`,
                  textDecoration: 'none',
                  whiteSpace: 'nowrap',
                }}
              >
                <span aria-hidden>{createElement(entry.icon)}</span>
                {t(entry.labelKey)}
              </Link>
            </li>
          );
        })}
      </Flex>
    </nav>
  );
}
