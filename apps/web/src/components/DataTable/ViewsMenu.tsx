import { DownOutlined, StarFilled } from '@ant-design/icons';
import type { TableView } from '@kxt/contracts/table-views';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tableViewsQueryKey } from './table-views-api.ts';

// The dialogs load when a view is saved or managed, not with every list.
const ViewDialogs = lazy(() => import('./ViewDialogs.tsx'));

export interface ViewsMenuProps {
  tableKey: string;
  views: readonly TableView[];
  /** The list's current view as URL query text (what saving it keeps). */
  currentQuery: () => string;
  onApply: (view: TableView) => void;
}

/**
 * 视图: the user's saved views of this list (★ the default, which the list opens with), 保存当前视图… and 管理视图….
 * Choosing a view shows the list as it was saved, as opening its link would.
 */
export function ViewsMenu({ tableKey, views, currentQuery, onApply }: ViewsMenuProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const items: MenuProps['items'] = [
    ...views.map((view) => ({
      key: `view:${view.id}`,
      label: view.name,
      icon: view.isDefault ? <StarFilled aria-label={t('tableViews.default')} /> : undefined,
    })),
    ...(views.length > 0 ? [{ type: 'divider' as const }] : []),
    { key: 'save', label: t('tableViews.save') },
    ...(views.length > 0 ? [{ key: 'manage', label: t('tableViews.manage') }] : []),
  ];
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'save' || key === 'manage') {
              setDialog(key);
              return;
            }
            const view = views.find((candidate) => `view:${candidate.id}` === key);
            if (view) onApply(view);
          },
        }}
      >
        <Button>
          {t('tableViews.button')} <DownOutlined />
        </Button>
      </Dropdown>
      {dialog ? (
        <Suspense fallback={null}>
          <ViewDialogs
            dialog={dialog}
            tableKey={tableKey}
            views={views}
            currentQuery={currentQuery}
            onClose={() => setDialog(null)}
            onChanged={() => void queryClient.invalidateQueries({ queryKey: tableViewsQueryKey(tableKey) })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
