import { Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWatches } from '../api/watches.ts';

/**
 * The portal home's way into 商标监控: how many watches run and how many hits nobody has looked at yet. Built from the
 * parts the home already loads (no Card, Button or icons), as the deadlines card is: the home's first load has a
 * budget.
 */
export default function WatchesCard() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const watches = useWatches({ pageNum: 1, pageSize: 100 });
  const rows = watches.data?.rows ?? [];
  const running = rows.filter((row) => row.status === 'trial' || row.status === 'active').length;
  const newHits = rows.reduce((sum, row) => sum + row.newHits, 0);
  const muted = { color: token.colorTextSecondary };
  return (
    <section
      aria-busy={watches.isPending}
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingLG,
      }}
    >
      <Flex
        justify="space-between"
        align="baseline"
        gap="small"
        wrap
        style={{ marginBottom: token.marginSM }}
      >
        <Typography.Text strong style={{ fontSize: token.fontSizeLG }}>
          {t('watches.title')}
        </Typography.Text>
        <Link to="/trademark/watches">{t('watches.open')}</Link>
      </Flex>
      {watches.isPending ? (
        <span style={muted}>{t('common.loading')}</span>
      ) : watches.isError ? (
        <Typography.Text type="danger" role="alert">
          {t('watches.loadFailed')}
        </Typography.Text>
      ) : (
        <span>
          {rows.length === 0
            ? t('watches.homeNone')
            : t('watches.homeSummary', {
                running: t('watches.homeRunning', { count: running }),
                newHits: t('watches.homeNewHits', { count: newHits }),
              })}
        </span>
      )}
    </section>
  );
}
