import {
  HolderOutlined,
  SettingOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignMiddleOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Tooltip, theme } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnLayout, moveColumn, type Pin, setHidden, setPin } from './column-layout.ts';

export interface SettingColumn {
  key: string;
  title: string;
}

interface ColumnSettingsProps {
  /** The columns the user may arrange (not the actions column, not hideInSetting ones). */
  columns: SettingColumn[];
  layout: ColumnLayout;
  onChange: (layout: ColumnLayout) => void;
  onReset: () => void;
}

type Group = Pin | 'none';

function groupOf(layout: ColumnLayout, key: string): Group {
  return layout.fixed[key] ?? 'none';
}

function PinButton({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button type="text" size="small" aria-label={label} icon={icon} onClick={onClick} />
    </Tooltip>
  );
}

/**
 * 列设置: show or hide columns, drag to reorder (within their group), pin left or right, reset. Drag and drop is the
 * browser's own (HTML5), so no drag library is needed for a short list.
 */
function ColumnSettingsPanel({ columns, layout, onChange, onReset }: ColumnSettingsProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const dragged = useRef<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const titles = new Map(columns.map((column) => [column.key, column.title]));
  const keys = layout.order.filter((key) => titles.has(key));
  const shownCount = keys.filter((key) => !layout.hidden.includes(key)).length;

  const groups: { group: Group; title: string }[] = [
    { group: 'left', title: t('table.pinnedLeft') },
    { group: 'none', title: t('table.unpinned') },
    { group: 'right', title: t('table.pinnedRight') },
  ];

  const drop = (target: string) => {
    const source = dragged.current;
    dragged.current = null;
    setOver(null);
    if (!source || source === target || groupOf(layout, source) !== groupOf(layout, target)) return;
    onChange(moveColumn(layout, source, target));
  };

  const item = (key: string) => {
    const group = groupOf(layout, key);
    const title = titles.get(key) ?? key;
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: drag and drop target; the checkbox and pin buttons inside are the keyboard path
      <div
        key={key}
        data-column-key={key}
        draggable
        onDragStart={(event) => {
          dragged.current = key;
          event.dataTransfer?.setData('text/plain', key);
          if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
        }}
        onDragOver={(event) => {
          const source = dragged.current;
          if (source && groupOf(layout, source) === group) {
            event.preventDefault();
            if (over !== key) setOver(key);
          }
        }}
        onDragLeave={() => setOver((current) => (current === key ? null : current))}
        onDrop={(event) => {
          event.preventDefault();
          drop(key);
        }}
        onDragEnd={() => {
          dragged.current = null;
          setOver(null);
        }}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: token.marginXS,
          padding: `2px ${token.paddingXXS}px`,
          borderRadius: token.borderRadiusSM,
          background: over === key ? token.colorPrimaryBg : undefined,
          cursor: 'grab',
        }}
      >
        <button
          type="button"
          aria-label={t('table.dragHandle', { title })}
          title={t('table.dragHandle', { title })}
          onKeyDown={(event) => {
            // The keyboard path of dragging: arrow keys move the column within its group.
            const members = keys.filter((other) => groupOf(layout, other) === group);
            const index = members.indexOf(key);
            const target =
              event.key === 'ArrowUp'
                ? members[index - 1]
                : event.key === 'ArrowDown'
                  ? members[index + 1]
                  : undefined;
            if (!target) return;
            event.preventDefault();
            onChange(moveColumn(layout, key, target));
          }}
          style={{
            border: 'none',
            background: 'none',
            padding: 0,
            cursor: 'grab',
            color: token.colorTextTertiary,
            display: 'inline-flex',
          }}
        >
          <HolderOutlined aria-hidden />
        </button>
        <Checkbox
          checked={!layout.hidden.includes(key)}
          onChange={(event) => onChange(setHidden(layout, [key], !event.target.checked))}
          style={{ flex: 1, minWidth: 0 }}
        >
          {title}
        </Checkbox>
        <Flex gap={2}>
          {group !== 'left' ? (
            <PinButton
              label={t('table.pinLeft', { title })}
              icon={<VerticalAlignTopOutlined />}
              onClick={() => onChange(setPin(layout, key, 'left'))}
            />
          ) : null}
          {group !== 'none' ? (
            <PinButton
              label={t('table.unpin', { title })}
              icon={<VerticalAlignMiddleOutlined />}
              onClick={() => onChange(setPin(layout, key, null))}
            />
          ) : null}
          {group !== 'right' ? (
            <PinButton
              label={t('table.pinRight', { title })}
              icon={<VerticalAlignBottomOutlined />}
              onClick={() => onChange(setPin(layout, key, 'right'))}
            />
          ) : null}
        </Flex>
      </div>
    );
  };

  return (
    <div style={{ width: 280 }}>
      <Flex
        justify="space-between"
        align="center"
        style={{ paddingBottom: token.paddingXS, borderBottom: `1px solid ${token.colorSplit}` }}
      >
        <Checkbox
          checked={shownCount === keys.length}
          indeterminate={shownCount > 0 && shownCount < keys.length}
          onChange={(event) => onChange(setHidden(layout, keys, !event.target.checked))}
        >
          {t('table.columnDisplay')}
        </Checkbox>
        <Button type="link" size="small" onClick={onReset}>
          {t('table.columnReset')}
        </Button>
      </Flex>
      <div style={{ maxHeight: 360, overflowY: 'auto', paddingTop: token.paddingXS }}>
        {groups.map(({ group, title }) => {
          const members = keys.filter((key) => groupOf(layout, key) === group);
          if (members.length === 0) return null;
          return (
            <section key={group} aria-label={title}>
              <div style={{ color: token.colorTextDescription, fontSize: token.fontSizeSM, margin: '4px 0' }}>
                {title}
              </div>
              {members.map(item)}
            </section>
          );
        })}
      </div>
    </div>
  );
}

export function ColumnSettings(props: ColumnSettingsProps) {
  const { t } = useTranslation();
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      content={<ColumnSettingsPanel {...props} />}
      arrow={false}
    >
      <Tooltip title={t('table.columnSettings')}>
        <Button type="text" aria-label={t('table.columnSettings')} icon={<SettingOutlined />} />
      </Tooltip>
    </Popover>
  );
}
