import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * "in 5 days" (orange within a week), "today" and "3 days overdue" (red), as a small label. Plain markup rather than
 * antd's Tag: it sits on the portal home, whose first load has a budget.
 */
export function DaysLeft({ days }: { days: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [text, color, background] =
    days < 0
      ? [t('deadlines.overdueDays', { count: -days }), token.colorError, token.colorErrorBg]
      : days === 0
        ? [t('deadlines.today'), token.colorError, token.colorErrorBg]
        : [
            t('deadlines.inDays', { count: days }),
            days <= 7 ? token.colorWarning : token.colorText,
            days <= 7 ? token.colorWarningBg : token.colorFillQuaternary,
          ];
  return (
    <span
      style={{
        color,
        background,
        fontSize: token.fontSizeSM,
        lineHeight: '20px',
        paddingInline: 7,
        borderRadius: token.borderRadiusSM,
        whiteSpace: 'nowrap',
      }}
    >
      {text}
    </span>
  );
}
