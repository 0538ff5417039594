import { WarningFilled } from '@ant-design/icons';
import { OVERDUE_LEVEL_MIN_DAYS } from '@kxt/contracts/business';
import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** The row fields the badges read (spec §3, table row). */
export interface BadgeFields {
  isArrears?: boolean | null;
  suspend?: boolean | null;
  repeatServiceCodes?: readonly string[] | null;
  specificLabel?: boolean | null;
  overdueStatus?: number | null;
}

/** Overdue warning colours: 1 yellow, 2 orange, 3 red (antd's yellow-6, orange-6, red-6). */
export const OVERDUE_COLORS: Record<1 | 2 | 3, string> = { 1: '#fadb14', 2: '#fa8c16', 3: '#f5222d' };

function isOverdueLevel(value: unknown): value is 1 | 2 | 3 {
  return value === 1 || value === 2 || value === 3;
}

/** Whether a row has any badge to show. */
export function hasBadges(row: BadgeFields): boolean {
  return Boolean(
    row.isArrears ||
      row.suspend ||
      (row.repeatServiceCodes?.length ?? 0) > 0 ||
      row.specificLabel ||
      isOverdueLevel(row.overdueStatus),
  );
}

const tagStyle = { marginInlineEnd: 0, paddingInline: 4, lineHeight: '18px', cursor: 'default' };

/** 欠 (in arrears), 挂 (suspended), 重 (repeat services, codes in the tooltip), K (declared by us) and the overdue icon. */
export function RowBadges({ row }: { row: BadgeFields }) {
  const { t } = useTranslation();
  const repeats = row.repeatServiceCodes ?? [];
  const level = row.overdueStatus;
  const badges = [];
  if (row.isArrears) {
    badges.push(
      <Tooltip key="arrears" title={t('badges.arrearsTip')}>
        <Tag color="red" style={tagStyle} role="img" aria-label={t('badges.arrearsTip')}>
          {t('badges.arrears')}
        </Tag>
      </Tooltip>,
    );
  }
  if (row.suspend) {
    badges.push(
      <Tooltip key="suspend" title={t('badges.suspendTip')}>
        <Tag color="volcano" style={tagStyle} role="img" aria-label={t('badges.suspendTip')}>
          {t('badges.suspend')}
        </Tag>
      </Tooltip>,
    );
  }
  if (repeats.length > 0) {
    const tip = t('badges.repeatTip', { codes: repeats.join('、') });
    badges.push(
      <Tooltip key="repeat" title={tip}>
        <Tag color="purple" style={tagStyle} role="img" aria-label={tip}>
          {t('badges.repeat')}
        </Tag>
      </Tooltip>,
    );
  }
  if (row.specificLabel) {
    badges.push(
      <Tooltip key="specific" title={t('badges.specificTip')}>
        <Tag color="blue" style={tagStyle} role="img" aria-label={t('badges.specificTip')}>
          {t('badges.specific')}
        </Tag>
      </Tooltip>,
    );
  }
  if (isOverdueLevel(level)) {
    const [yellow, orange, red] = OVERDUE_LEVEL_MIN_DAYS;
    const tip =
      level === 3
        ? t('badges.overdueOver', { days: red - 1 })
        : level === 2
          ? t('badges.overdue', { from: orange, to: red - 1 })
          : t('badges.overdue', { from: yellow, to: orange - 1 });
    badges.push(
      <Tooltip key="overdue" title={tip}>
        <WarningFilled
          role="img"
          aria-label={tip}
          data-overdue-level={level}
          style={{ color: OVERDUE_COLORS[level], fontSize: 16 }}
        />
      </Tooltip>,
    );
  }
  if (badges.length === 0) return null;
  return (
    <Space size={4} wrap={false}>
      {badges}
    </Space>
  );
}
