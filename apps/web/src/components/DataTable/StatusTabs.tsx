import { DownOutlined } from '@ant-design/icons';
import type { StatusTab } from '@kxt/contracts/paging';
import { Badge, Dropdown, theme } from 'antd';
import { type CSSProperties, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How many tabs fit: all when their total width fits, else as many as fit beside the "more" button. */
export function fittingTabCount(available: number, tabWidths: number[], moreWidth: number): number {
  const total = tabWidths.reduce((sum, width) => sum + width, 0);
  if (total <= available) return tabWidths.length;
  let used = moreWidth;
  let count = 0;
  for (const width of tabWidths) {
    if (used + width > available) break;
    used += width;
    count += 1;
  }
  return count;
}

/**
 * Which tabs show, by index: those that fit (`fittingTabCount`), and the selected one always. When the selected tab
 * is among those that do not fit, it takes the place of the last that do (as many of the first as leave it room),
 * so the list never shows rows of a status whose tab, and count, are hidden in the menu.
 */
export function shownTabIndexes(
  available: number,
  tabWidths: number[],
  moreWidth: number,
  selected: number,
): number[] {
  const count = fittingTabCount(available, tabWidths, moreWidth);
  const first = Array.from({ length: count }, (_, index) => index);
  if (selected < count || selected >= tabWidths.length) return first;
  let used = moreWidth + (tabWidths[selected] ?? 0);
  const kept: number[] = [];
  for (const index of first) {
    used += tabWidths[index] ?? 0;
    if (used > available) break;
    kept.push(index);
  }
  return [...kept, selected];
}

interface StatusTabsProps {
  items: StatusTab[];
  value: string;
  onChange: (value: string) => void;
  label: string;
  /** The last answer failed: the old counts would be wrong, so none are shown. */
  countsUnknown?: boolean;
}

function TabLabel({
  item,
  active,
  countUnknown,
}: {
  item: StatusTab;
  active: boolean;
  countUnknown: boolean;
}) {
  const { token } = theme.useToken();
  return (
    <>
      <span>{item.statusName}</span>
      {countUnknown ? null : (
        <Badge
          count={item.count}
          showZero
          overflowCount={99_999}
          color={active ? token.colorPrimary : token.colorFillSecondary}
          style={{ color: active ? token.colorTextLightSolid : token.colorTextSecondary, boxShadow: 'none' }}
        />
      )}
    </>
  );
}

/**
 * Status tabs with their counts. The tabs that do not fit move into a "more" menu; the fit is checked again when
 * the window is resized (and when the tabs change).
 */
export function StatusTabs({ items, value, onChange, label, countsUnknown = false }: StatusTabsProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const container = useRef<HTMLDivElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  // The tabs' natural widths and the room they have, as last measured.
  const [fit, setFit] = useState<{ available: number; widths: number[]; more: number } | null>(null);

  const check = useCallback(() => {
    const box = container.current;
    const ruler = measure.current;
    if (!box || !ruler) return;
    const widths = [...ruler.querySelectorAll<HTMLElement>('[data-measure="tab"]')].map(
      (el) => el.offsetWidth,
    );
    const more = ruler.querySelector<HTMLElement>('[data-measure="more"]')?.offsetWidth ?? 0;
    setFit({ available: box.clientWidth, widths, more });
  }, []);

  const itemsKey = items.map((item) => `${item.status}:${item.statusName}:${item.count}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fit depends on the tabs' text (itemsKey)
  useLayoutEffect(check, [check, itemsKey]);
  useEffect(() => {
    window.addEventListener('resize', check);
    // The side menu folding changes the width too, without a window resize.
    const observer = new ResizeObserver(() => check());
    if (container.current) observer.observe(container.current);
    return () => {
      window.removeEventListener('resize', check);
      observer.disconnect();
    };
  }, [check]);

  const tabStyle = (active: boolean): CSSProperties => ({
    display: 'inline-flex',
    alignItems: 'center',
    gap: token.marginXS,
    padding: `${token.paddingXS}px ${token.paddingSM}px`,
    border: 'none',
    borderBottom: `2px solid ${active ? token.colorPrimary : 'transparent'}`,
    background: 'none',
    color: active ? token.colorPrimary : token.colorText,
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    font: 'inherit',
    flex: 'none',
  });

  const selected = items.findIndex((item) => item.status === value);
  const shownIndexes = new Set(
    fit ? shownTabIndexes(fit.available, fit.widths, fit.more, selected) : items.map((_, index) => index),
  );
  const shown = items.filter((_, index) => shownIndexes.has(index));
  const overflow = items.filter((_, index) => !shownIndexes.has(index));
  const overflowActive = overflow.some((item) => item.status === value);

  return (
    <div style={{ position: 'relative', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      <div ref={container} role="tablist" aria-label={label} style={{ display: 'flex', overflow: 'hidden' }}>
        {shown.map((item) => (
          <button
            key={item.status}
            type="button"
            role="tab"
            aria-selected={item.status === value}
            aria-label={
              countsUnknown
                ? item.statusName
                : t('table.tabWithCount', { name: item.statusName, count: item.count })
            }
            style={tabStyle(item.status === value)}
            onClick={() => onChange(item.status)}
          >
            <TabLabel item={item} active={item.status === value} countUnknown={countsUnknown} />
          </button>
        ))}
        {overflow.length > 0 ? (
          <Dropdown
            trigger={['click']}
            menu={{
              selectable: true,
              selectedKeys: [value],
              items: overflow.map((item) => ({
                key: item.status,
                label: countsUnknown
                  ? item.statusName
                  : t('table.tabWithCount', { name: item.statusName, count: item.count }),
              })),
              onClick: ({ key }) => onChange(key),
            }}
          >
            <button type="button" aria-haspopup="menu" style={tabStyle(overflowActive)}>
              {t('table.moreTabs')}
              <DownOutlined aria-hidden />
            </button>
          </Dropdown>
        ) : null}
      </div>
      {/* Every tab at its natural width, out of sight, for the fit check. */}
      <div
        ref={measure}
        aria-hidden
        style={{
          position: 'absolute',
          visibility: 'hidden',
          pointerEvents: 'none',
          display: 'flex',
          top: 0,
          left: 0,
          height: 0,
          overflow: 'hidden',
        }}
      >
        {items.map((item) => (
          <span key={item.status} data-measure="tab" style={tabStyle(false)}>
            <TabLabel item={item} active={false} countUnknown={countsUnknown} />
          </span>
        ))}
        <span data-measure="more" style={tabStyle(false)}>
          {t('table.moreTabs')}
          <DownOutlined />
        </span>
      </div>
    </div>
  );
}
