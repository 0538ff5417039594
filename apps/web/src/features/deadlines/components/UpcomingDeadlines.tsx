import { Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpcomingDeadlines } from '../api/deadlines.ts';
import { DaysLeft } from './DaysLeft.tsx';
import { DeadlineLink } from './DeadlineLink.tsx';

const SHOWN = 5;

/**
 * The portal home's card: the customer company's next deadlines with days left, each leading to its record. Built
 * from the parts the home already loads (no Card, List, Skeleton or Empty): the home's first load has a budget.
 */
export default function UpcomingDeadlines() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const upcoming = useUpcomingDeadlines(SHOWN);
  const rows = upcoming.data?.rows ?? [];
  const muted = { color: token.colorTextSecondary };
  return (
    <section
      data-testid="upcoming-deadlines"
      aria-busy={upcoming.isPending}
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingLG,
      }}
    >
      <Flex justify="space-between" align="baseline" style={{ marginBottom: token.marginSM }}>
        <Typography.Text strong style={{ fontSize: token.fontSizeLG }}>
          {t('deadlines.upcoming.title')}
        </Typography.Text>
        {upcoming.data && upcoming.data.total > SHOWN ? (
          <span style={muted}>{t('deadlines.upcoming.all', { count: upcoming.data.total })}</span>
        ) : null}
      </Flex>
      {upcoming.isPending ? (
        <span style={muted}>{t('common.loading')}</span>
      ) : upcoming.isError ? (
        <Typography.Text type="danger" role="alert">
          {t('deadlines.loadFailed')}
        </Typography.Text>
      ) : rows.length === 0 ? (
        <span style={muted}>{t('deadlines.upcoming.empty')}</span>
      ) : (
        <Flex vertical gap="middle">
          {rows.map((row) => (
            <Flex
              key={row.id}
              data-testid="upcoming-deadline"
              justify="space-between"
              align="center"
              gap="small"
            >
              <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                <DeadlineLink row={row}>
                  {t(`deadlines.kinds.${row.kind}`)} · {row.reference}
                </DeadlineLink>
                <Typography.Text type="secondary" ellipsis>
                  {row.title === row.reference ? row.dueOn : `${row.dueOn} · ${row.title}`}
                </Typography.Text>
              </Flex>
              <DaysLeft days={row.daysLeft} />
            </Flex>
          ))}
        </Flex>
      )}
    </section>
  );
}
