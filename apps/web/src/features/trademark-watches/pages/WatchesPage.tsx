import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { HitsTable } from '../components/HitsTable.tsx';
import { WatchesTable } from '../components/WatchesTable.tsx';
import { type WatchDraft, WatchForm } from '../components/WatchForm.tsx';

/** The draft a link from the search screen carries: `?text=…&countries=US,EM&classes=9,35`. */
function draftFrom(params: URLSearchParams): WatchDraft | null {
  const text = params.get('text')?.trim();
  if (!text) return null;
  const list = (name: string) => (params.get(name) ?? '').split(',').filter(Boolean);
  return {
    text,
    countries: list('countries'),
    classes: list('classes').map(Number).filter(Number.isInteger),
  };
}

/**
 * 商标监控 (customer): the company's watches and what they found. A watch reports each mark an office publishes
 * that conflicts with the watched name where the company watches it; the company sets hits aside or asks its
 * consultant. Opened from the portal home and from a search (监控这个名称), which fills in the new watch.
 */
export default function WatchesPage() {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState<WatchDraft | null>(() => draftFrom(params));
  const selected = Number(params.get('watch')) || undefined;
  const select = (id: number) => setParams({ watch: String(id) }, { replace: true });
  return (
    <Flex vertical gap="large">
      <PageTitle title={t('watches.title')} description={t('watches.description')} />
      <Alert type="info" showIcon title={t('watches.trialNote')} />
      <Card
        title={t('watches.mine')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDraft({})}>
            {t('watches.create')}
          </Button>
        }
      >
        <WatchesTable selected={selected} onSelect={select} />
      </Card>
      <Card title={selected ? t('watches.hitsOfWatch') : t('watches.allHits')}>
        <HitsTable query={selected ? { watchId: selected } : {}} />
      </Card>
      {draft ? (
        <WatchForm
          draft={draft}
          onClose={() => setDraft(null)}
          onCreated={(created) => {
            setDraft(null);
            void message.success(created.trial ? t('watches.createdTrial') : t('watches.createdAwaiting'));
            select(created.id);
          }}
        />
      ) : null}
    </Flex>
  );
}
