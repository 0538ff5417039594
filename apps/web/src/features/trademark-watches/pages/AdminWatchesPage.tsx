import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CustomerPicker } from '../../../components/customer-picker/CustomerPicker.tsx';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { HitsTable } from '../components/HitsTable.tsx';
import { WatchesTable } from '../components/WatchesTable.tsx';
import { WatchForm } from '../components/WatchForm.tsx';

const VIEWS = ['consultant', 'new', 'watches'] as const;
type View = (typeof VIEWS)[number];
const isView = (value: string | null): value is View => VIEWS.includes(value as View);

/**
 * 商标监控 (staff): hits customers asked their consultant about (the consultant's task list), hits nobody has looked
 * at yet, and every company's watches. The view is in the URL (`?view=new`), so the 工作台's counts open it.
 */
export default function AdminWatchesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const view: View = isView(asked) ? asked : 'consultant';
  const setView = (next: View) => setParams({ view: next }, { replace: true });
  const [selected, setSelected] = useState<number | undefined>(undefined);
  const [customerId, setCustomerId] = useState<number | undefined>(undefined);
  const [creating, setCreating] = useState(false);
  const message = useMessageApi();
  return (
    <Flex vertical gap="large">
      <PageTitle title={t('watches.adminTitle')} description={t('watches.adminDescription')} />
      <Flex justify="space-between" align="center" gap="middle" wrap>
        <Segmented<View>
          // A phone scrolls the three views sideways rather than pushing the page wider.
          style={{ maxWidth: '100%', overflowX: 'auto' }}
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
          <Card>
            <Flex vertical gap="middle">
              <Flex justify="flex-end">
                <div style={{ width: 280, maxWidth: '100%' }}>
                  <CustomerPicker
                    value={customerId}
                    onChange={(next) => {
                      setCustomerId(next);
                      setSelected(undefined);
                    }}
                    placeholder={t('watches.customerFilter')}
                  />
                </div>
              </Flex>
              <WatchesTable staff customerId={customerId} selected={selected} onSelect={setSelected} />
            </Flex>
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
