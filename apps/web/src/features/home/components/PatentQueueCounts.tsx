import { PATENT_QUEUE_VIEWS, type PatentQueueView } from '@kxt/contracts/patent-queue-views';
import { Alert, Col, Row, Statistic, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePatentQueueSummary } from '../../patents/api/patent-queue-summary.ts';

/** Where each count leads: the queue tab of 专利审核 on that view. */
export const queueLink = (view: PatentQueueView) => `/admin/patents?tab=queue&view=${view}`;

/** 工作台 for reviewers and admins: how many patent orders wait on them, are due soon, overdue, or wait on customers. */
export function PatentQueueCounts() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const summary = usePatentQueueSummary();
  if (summary.isError) return <Alert type="error" showIcon title={summary.error.message} />;
  const colour = (view: PatentQueueView) =>
    view === 'overdue' && summary.data?.overdue
      ? token.colorError
      : view === 'dueSoon' && summary.data?.dueSoon
        ? token.colorWarning
        : undefined;
  return (
    // Plain boxes rather than antd Cards, which bring Tabs to the back office's first page (its 300 KB budget).
    <section
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingLG,
      }}
    >
      <h2 style={{ margin: 0, marginBottom: token.margin, fontSize: token.fontSizeHeading5 }}>
        {t('home.queue.title')}
      </h2>
      <Row gutter={[16, 16]}>
        {PATENT_QUEUE_VIEWS.map((view) => (
          <Col key={view} xs={24} sm={12} lg={6}>
            <Link
              to={queueLink(view)}
              data-queue-count={view}
              style={{
                display: 'block',
                border: `1px solid ${token.colorBorderSecondary}`,
                borderRadius: token.borderRadius,
                padding: token.paddingSM,
              }}
            >
              <Statistic
                title={t(`home.queue.${view}`)}
                value={summary.data?.[view] ?? 0}
                loading={summary.isPending}
                styles={{ content: { color: colour(view) } }}
              />
            </Link>
          </Col>
        ))}
      </Row>
    </section>
  );
}
