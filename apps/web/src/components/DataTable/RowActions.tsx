import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** One action of a table row. */
export interface RowAction {
  key: string;
  label: string;
  onClick?: () => void;
  /** A link (a file to download) instead of a click handler. */
  href?: string;
  download?: boolean;
  danger?: boolean;
  loading?: boolean;
  disabled?: boolean;
}

/** How many actions a row shows as buttons; the rest are under 更多, so the column stays narrow. */
export const INLINE_ROW_ACTIONS = 2;

/**
 * A row's actions in the order given (the caller puts the most used first): the first two as link buttons, any
 * others in a 更多 menu.
 */
export function RowActions({ actions }: { actions: RowAction[] }) {
  const { t } = useTranslation();
  const inline = actions.length > INLINE_ROW_ACTIONS ? actions.slice(0, INLINE_ROW_ACTIONS) : actions;
  const rest = actions.slice(inline.length);
  const items: MenuProps['items'] = rest.map((action) => ({
    key: action.key,
    danger: action.danger,
    disabled: action.disabled || action.loading || (action.href === undefined && !action.onClick),
    label: action.href ? (
      <a href={action.href} download={action.download}>
        {action.label}
      </a>
    ) : (
      action.label
    ),
  }));
  return (
    <Space size={0} wrap>
      {inline.map((action) => (
        <Button
          key={action.key}
          type="link"
          size="small"
          danger={action.danger}
          loading={action.loading}
          disabled={action.disabled}
          href={action.href}
          download={action.download}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      ))}
      {rest.length > 0 ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items,
            onClick: ({ key }) => rest.find((action) => action.key === key && !action.href)?.onClick?.(),
          }}
        >
          <Button type="link" size="small" aria-haspopup="menu">
            {t('rowActions.more')}
            <DownOutlined />
          </Button>
        </Dropdown>
      ) : null}
    </Space>
  );
}
