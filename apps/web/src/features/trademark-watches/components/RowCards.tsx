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
  emptyText: string;
  pagination: PaginationProps;
  children: ReactNode[];
}) {
  return (
    <Spin spinning={loading}>
      <Flex vertical gap="middle">
        {children.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
        ) : (
          <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {children}
          </ul>
        )}
        <Pagination {...pagination} size="small" simple style={{ alignSelf: 'flex-end' }} />
      </Flex>
    </Spin>
  );
}

/** One row as a card: its title and state, what follows (children), label–value lines, then its actions. */
export function RowCard({
  title,
  tag,
  fields,
  actions,
  selected = false,
  children,
}: {
  title: ReactNode;
  tag: ReactNode;
  fields: [string, ReactNode][];
  actions: ReactNode;
  selected?: boolean;
  children?: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <li
      aria-current={selected || undefined}
      style={{
        padding: `${token.paddingSM}px ${token.paddingXS}px`,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        background: selected ? token.controlItemBgActive : undefined,
      }}
    >
      <Flex vertical gap={4}>
        <Flex justify="space-between" align="baseline" gap="small">
          <Typography.Text strong style={{ fontSize: token.fontSizeLG, overflowWrap: 'anywhere' }}>
            {title}
          </Typography.Text>
          {tag}
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
        <div style={{ marginInlineStart: -token.paddingXS }}>{actions}</div>
      </Flex>
    </li>
  );
}
