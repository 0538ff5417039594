import { Card, Flex, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { HitsTable } from '../components/HitsTable.tsx';
import { WatchesTable } from '../components/WatchesTable.tsx';

type View = 'consultant' | 'new' | 'watches';

/**
 * 商标监控 (staff): hits customers asked their consultant about (the consultant's task list), hits nobody has looked
 * at yet, and every company's watches.
 */
export default function AdminWatchesPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('consultant');
  const [selected, setSelected] = useState<number | undefined>(undefined);
  return (
    <Flex vertical gap="large">
      <PageTitle title={t('watches.adminTitle')} description={t('watches.adminDescription')} />
      <Segmented<View>
        value={view}
        onChange={setView}
        options={[
          { value: 'consultant', label: t('watches.askedQueue') },
          { value: 'new', label: t('watches.newQueue') },
          { value: 'watches', label: t('watches.allWatches') },
        ]}
      />
      {view === 'watches' ? (
        <>
          <Card>
            <WatchesTable staff selected={selected} onSelect={setSelected} />
          </Card>
          {selected ? (
            <Card title={t('watches.hitsOfWatch')}>
              <HitsTable staff query={{ watchId: selected }} />
            </Card>
          ) : null}
        </>
      ) : (
        <Card>
          <HitsTable staff query={{ review: view }} />
        </Card>
      )}
    </Flex>
  );
}
