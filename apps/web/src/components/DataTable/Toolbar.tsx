import { ColumnHeightOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, Tabs, Tooltip, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnSettings, type SettingColumn } from './ColumnSettings.tsx';
import type { ColumnLayout } from './column-layout.ts';
import type { Density, TabsConfig } from './types.ts';

interface ToolbarProps {
  title?: ReactNode;
  tabs?: TabsConfig;
  tab?: string;
  onTabChange: (value: string) => void;
  extra?: ReactNode[];
  loading: boolean;
  onReload: () => void;
  density: Density;
  /** Without it (cards on a phone, which have no row height to choose) there is no 密度 button. */
  onDensityChange?: (density: Density) => void;
  settingColumns: SettingColumn[];
  layout: ColumnLayout;
  onLayoutChange: (layout: ColumnLayout) => void;
  onLayoutReset: () => void;
}

/** Title and toolbar tabs on the left; the caller's buttons, 刷新, 密度 and 列设置 on the right. */
export function Toolbar(props: ToolbarProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const densities: { key: Density; label: string }[] = [
    { key: 'large', label: t('table.densityLarge') },
    { key: 'medium', label: t('table.densityMiddle') },
    { key: 'small', label: t('table.densitySmall') },
  ];
  return (
    <Flex align="center" justify="space-between" gap="middle" wrap style={{ minHeight: 48 }}>
      {props.title || props.tabs ? (
        // As wide as its content: on a narrow screen the buttons wrap below a long title (a list's totals) rather
        // than being drawn over it, and the title itself wraps when even a whole line is too short.
        <Flex align="center" gap="large" style={{ minWidth: 0, flex: '1 1 auto' }}>
          {props.title ? (
            <div
              style={{
                fontSize: token.fontSizeLG,
                fontWeight: token.fontWeightStrong,
                overflowWrap: 'anywhere',
              }}
            >
              {props.title}
            </div>
          ) : null}
          {props.tabs ? (
            <Tabs
              size="small"
              activeKey={props.tab}
              items={props.tabs.items.map((item) => ({ key: item.key, label: item.label }))}
              onChange={props.onTabChange}
              tabBarStyle={{ marginBottom: 0 }}
              style={{ minWidth: 0 }}
            />
          ) : null}
        </Flex>
      ) : null}
      <Flex align="center" gap="small" wrap style={{ marginInlineStart: 'auto' }}>
        {props.extra}
        <Tooltip title={t('table.refresh')}>
          <Button
            type="text"
            aria-label={t('table.refresh')}
            icon={<ReloadOutlined spin={props.loading} />}
            onClick={props.onReload}
          />
        </Tooltip>
        {props.onDensityChange ? (
          <Dropdown
            trigger={['click']}
            menu={{
              selectable: true,
              selectedKeys: [props.density],
              items: densities,
              onClick: ({ key }) => props.onDensityChange?.(key as Density),
            }}
          >
            <Tooltip title={t('table.density')}>
              <Button type="text" aria-label={t('table.density')} icon={<ColumnHeightOutlined />} />
            </Tooltip>
          </Dropdown>
        ) : null}
        <ColumnSettings
          columns={props.settingColumns}
          layout={props.layout}
          onChange={props.onLayoutChange}
          onReset={props.onLayoutReset}
        />
      </Flex>
    </Flex>
  );
}
