import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Col, Row, Statistic, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** One count of the 工作台: a link to the list filtered to exactly the rows it counts. */
export interface WorkCount {
  /** The count's name, also its `data-queue-count` (what browser tests find it by). */
  key: string;
  label: string;
  to: string;
  value: number | undefined;
  /** Overdue counts show red and due-soon ones orange, while there is any. */
  urgency?: 'overdue' | 'dueSoon';
}

interface WorkCountsProps {
  title: string;
  counts: WorkCount[];
  /** The call the counts come from: placeholders while it loads; its failure in place of the counts, with a retry. */
  load: Pick<UseQueryResult, 'isPending' | 'error' | 'isFetching' | 'refetch'>;
}

/** A 工作台 box: what waits on the reader in one area, each count leading to its list. */
export function WorkCounts({ title, counts, load }: WorkCountsProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const colour = (count: WorkCount) =>
    !count.value
      ? undefined
      : count.urgency === 'overdue'
        ? token.colorError
        : count.urgency === 'dueSoon'
          ? token.colorWarning
          : undefined;
  // One row on a wide screen (up to four a row), two a row on a tablet, one on a phone.
  const span = Math.max(6, Math.floor(24 / Math.max(counts.length, 1)));
  return (
    // Plain boxes rather than antd Cards, which bring Tabs to the back office's first page (its 300 KB budget).
    <section
      aria-label={title}
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingLG,
      }}
    >
      <h2 style={{ margin: 0, marginBottom: token.margin, fontSize: token.fontSizeHeading5 }}>{title}</h2>
      {load.error ? (
        <Alert
          type="error"
          showIcon
          title={t('home.countsFailed')}
          description={load.error.message}
          action={
            <Button size="small" loading={load.isFetching} onClick={() => void load.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <Row gutter={[16, 16]}>
          {counts.map((count) => (
            <Col key={count.key} xs={24} sm={12} lg={span}>
              <Link
                to={count.to}
                data-queue-count={count.key}
                style={{
                  display: 'block',
                  border: `1px solid ${token.colorBorderSecondary}`,
                  borderRadius: token.borderRadius,
                  padding: token.paddingSM,
                }}
              >
                <Statistic
                  title={count.label}
                  value={count.value ?? 0}
                  loading={load.isPending}
                  styles={{ content: { color: colour(count) } }}
                />
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
}
