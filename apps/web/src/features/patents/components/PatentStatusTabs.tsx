import { type PatentStatusCount, patentStatusLabel, STATUS_BADGE_MAX } from '@kxt/contracts/patents';
import { Badge, Flex, Grid, theme } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The value of the 全部 tab (its `status` is null in the answer). */
export const ALL_STATUSES = 'all';

/**
 * The chosen tab, or 全部 once the answer no longer offers it (the customer's Japanese-only tabs go when the
 * country filter changes): a filter is never left on without its tab showing.
 */
export function keptStatus(status: string, counts: PatentStatusCount[]): string {
  if (status === ALL_STATUSES || counts.length === 0) return status;
  return counts.some((item) => String(item.status) === status) ? status : ALL_STATUSES;
}

interface PatentStatusTabsProps {
  items: PatentStatusCount[];
  value: string;
  onChange: (value: string) => void;
  /** Counts above this show as "9+" (spec §2.4); STATUS_BADGE_MAX unless given. */
  maxBadge?: number;
}

/**
 * The status tabs of the patent lists with the server's counts (`obj`). Their own component rather than the shared
 * table's tabs, because these badges are capped (9+) and the shared ones show every count in full. On a wide screen
 * they wrap onto a second line, all in view; on a phone the reviewer's 21 tabs wrapped into a column taller than the
 * screen, pushing the orders out of sight, so there they are one row that scrolls sideways, the chosen tab in view.
 */
export function PatentStatusTabs({
  items,
  value,
  onChange,
  maxBadge = STATUS_BADGE_MAX,
}: PatentStatusTabsProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const oneRow = !Grid.useBreakpoint().md;
  const strip = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the chosen tab moves when the value or the layout changes
  useEffect(() => {
    if (!oneRow) return;
    // jsdom has no scrollIntoView.
    strip.current
      ?.querySelector<HTMLElement>('[aria-selected="true"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [oneRow, value]);
  return (
    <Flex
      ref={strip}
      role="tablist"
      aria-label={t('patent.list.statusTabs')}
      wrap={!oneRow}
      style={{
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        ...(oneRow ? { overflowX: 'auto', scrollbarWidth: 'thin' } : {}),
      }}
    >
      {items.map((item) => {
        const key = item.status === null ? ALL_STATUSES : String(item.status);
        const active = key === value;
        const name =
          item.statusName ||
          (item.status === null ? t('patent.list.all') : patentStatusLabel(item.status, i18n.language));
        const shown = item.count > maxBadge ? `${maxBadge}+` : String(item.count);
        return (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={active}
            aria-label={`${name} ${shown}`}
            onClick={() => onChange(key)}
            style={{
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
            }}
          >
            <span>{name}</span>
            <Badge
              count={item.count}
              overflowCount={maxBadge}
              showZero
              color={active ? token.colorPrimary : token.colorFillSecondary}
              style={{
                color: active ? token.colorTextLightSolid : token.colorTextSecondary,
                boxShadow: 'none',
              }}
            />
          </button>
        );
      })}
    </Flex>
  );
}
