import { EyeOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWatches } from '../api/watches.ts';

/** The portal home's way into 商标监控: how many watches run and how many hits nobody has looked at yet. */
export default function WatchesCard() {
  const { t } = useTranslation();
  const watches = useWatches({ pageNum: 1, pageSize: 100 });
  const rows = watches.data?.rows ?? [];
  const running = rows.filter((row) => row.status === 'trial' || row.status === 'active').length;
  const newHits = rows.reduce((sum, row) => sum + row.newHits, 0);
  return (
    <Card
      title={
        <Flex gap="small" align="center">
          <EyeOutlined aria-hidden />
          {t('watches.title')}
        </Flex>
      }
      extra={
        <Link to="/trademark/watches">
          <Button type="link">{t('watches.open')}</Button>
        </Link>
      }
      loading={watches.isPending}
    >
      <Typography.Text>
        {rows.length === 0 ? t('watches.homeNone') : t('watches.homeSummary', { running, newHits })}
      </Typography.Text>
    </Card>
  );
}
