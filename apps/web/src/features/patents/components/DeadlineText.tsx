import { Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../components/DataTable/format.ts';
import { deadlineLevel } from './patent-format.ts';

/** A deadline coloured by the days left: red at 7 or fewer (or past), orange at 30 or fewer. */
export function DeadlineText({ date }: { date: string | null }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const level = deadlineLevel(date);
  if (!date || !level) return <>-</>;
  if (level === 'normal') return <span>{formatDate(date)}</span>;
  const color = level === 'urgent' ? token.colorError : token.colorWarning;
  return (
    <Tooltip title={t(level === 'urgent' ? 'patent.deadline.urgent' : 'patent.deadline.warning')}>
      <span data-deadline={level} style={{ color, fontWeight: token.fontWeightStrong }}>
        {formatDate(date)}
      </span>
    </Tooltip>
  );
}
