import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerPicker } from '../../../components/customer-picker/CustomerPicker.tsx';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { HitsTable } from '../components/HitsTable.tsx';
import { WatchesTable } from '../components/WatchesTable.tsx';
import { WatchForm } from '../components/WatchForm.tsx';

type View = 'consultant' | 'new' | 'watches';

/**
 * 商标监控 (staff): hits customers asked their consultant about (the consultant's task list), hits nobody has looked
 * at yet, and every company's watches.
 */
export default function AdminWatchesPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('consultant');
  const [selected, setSelected] = useState<number | undefined>(undefined);
  const [customerId, setCustomerId] = useState<number | undefined>(undefined);
  const [creating, setCreating] = useState(false);
  const message = useMessageApi();
  return (
    <Flex vertical gap="large">
      <PageTitle title={t('watches.adminTitle')} description={t('watches.adminDescription')} />
      <Flex justify="space-between" align="center" gap="middle" wrap>
        <Segmented<View>
          value={view}
          onChange={setView}
          options={[
            { value: 'consultant', label: t('watches.askedQueue') },
            { value: 'new', label: t('watches.newQueue') },
            { value: 'watches', label: t('watches.allWatches') },
          ]}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('watches.createFor')}
        </Button>
      </Flex>
      {creating ? (
        <WatchForm
          staff
          draft={{}}
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            void message.success(created.trial ? t('watches.createdTrial') : t('watches.createdAwaiting'));
            setView('watches');
            setSelected(created.id);
          }}
        />
      ) : null}
      {view === 'watches' ? (
        <>
          <Card
            extra={
              <div style={{ width: 240, maxWidth: '60vw' }}>
                <CustomerPicker
                  value={customerId}
                  onChange={(next) => {
                    setCustomerId(next);
                    setSelected(undefined);
                  }}
                  placeholder={t('watches.customerFilter')}
                />
              </div>
            }
          >
            <WatchesTable staff customerId={customerId} selected={selected} onSelect={setSelected} />
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
