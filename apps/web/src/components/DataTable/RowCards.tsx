import { Empty, Flex, Pagination, type PaginationProps, Spin, Typography, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A list's page, and the paging its table or its cards show for `total` rows. */
export function usePaging() {
  const { t } = useTranslation();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const pagination = (total: number): PaginationProps => ({
    current: page.pageNum,
    pageSize: page.pageSize,
    total,
    showTotal: (all: number) => t('table.total', { total: all }),
    onChange: (pageNum: number, pageSize: number) => setPage({ pageNum, pageSize }),
  });
  return { page, pagination };
}

/**
 * A list's rows as cards, for a phone: a table there shows one or two columns beside the buttons, while a card shows
 * everything a row is decided by. With the list's empty text and its paging.
 */
export function RowCards({
  label,
  loading,
  emptyText,
  pagination,
  children,
}: {
  label: string;
  loading: boolean;
  /** What an empty list says: a text, or a load failure with its retry button. */
  emptyText: ReactNode;
  pagination: PaginationProps | false;
  children: ReactNode[];
}) {
  const { token } = theme.useToken();
  const empty =
    typeof emptyText === 'string' ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
    ) : (
      emptyText
    );
  return (
    <Spin spinning={loading}>
      <Flex vertical gap="middle">
        {children.length === 0 ? (
          // While the first page loads, the spinner alone: "no data" under it would say the list is empty.
          loading ? (
            <div style={{ minHeight: token.controlHeightLG * 3 }} />
          ) : (
            empty
          )
        ) : (
          <ul aria-label={label} data-row-cards style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {children}
          </ul>
        )}
        {pagination ? (
          <Pagination {...pagination} size="small" simple style={{ alignSelf: 'flex-end' }} />
        ) : null}
      </Flex>
    </Spin>
  );
}

/**
 * One row as a card: its title and state, what follows (children), label–value lines, then its actions; `leading`
 * goes before the title (a row's selection box), `more` after the lines.
 */
export function RowCard({
  title,
  tag,
  fields,
  actions,
  selected = false,
  leading,
  more,
  children,
}: {
  title: ReactNode;
  tag: ReactNode;
  leading?: ReactNode;
  /** After the label–value lines: a toggle that shows the rest of them. */
  more?: ReactNode;
  fields: [string, ReactNode][];
  actions: ReactNode;
  selected?: boolean;
  children?: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <li
      data-row-card
      aria-current={selected || undefined}
      style={{
        padding: `${token.paddingSM}px ${token.paddingXS}px`,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        background: selected ? token.controlItemBgActive : undefined,
      }}
    >
      <Flex vertical gap={4}>
        {/* The state keeps its words together: where it does not fit beside the title, it goes under it. */}
        <Flex justify="space-between" align="baseline" gap="small" wrap>
          <Flex align="baseline" gap="small">
            {leading}
            <Typography.Text
              strong
              data-row-card-title
              style={{ fontSize: token.fontSizeLG, overflowWrap: 'anywhere' }}
            >
              {title}
            </Typography.Text>
          </Flex>
          <span data-row-card-state style={{ whiteSpace: 'nowrap' }}>
            {tag}
          </span>
        </Flex>
        {children}
        <dl
          style={{
            display: 'grid',
            gridTemplateColumns: 'fit-content(40%) 1fr',
            columnGap: token.marginSM,
            margin: 0,
          }}
        >
          {fields.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt style={{ color: token.colorTextSecondary }}>{label}</dt>
              <dd style={{ margin: 0 }}>{value}</dd>
            </div>
          ))}
        </dl>
        {more}
        <div style={{ marginInlineStart: -token.paddingXS }}>{actions}</div>
      </Flex>
    </li>
  );
}
