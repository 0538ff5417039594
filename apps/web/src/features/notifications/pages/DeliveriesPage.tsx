import {
  DELIVERY_STATES,
  type DeliveryChannel,
  type DeliveryRow,
  type DeliveryState,
} from '@kxt/contracts/notifications';
import { Button, Flex, Segmented, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/DataTable/format.ts';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useDeliveries, useResend } from '../api/deliveries.ts';

const STATE_COLORS: Record<DeliveryState, string> = {
  pending: 'default',
  running: 'processing',
  sent: 'success',
  failed: 'error',
};

/**
 * /admin/notifications (admins): the emails and text messages the outbox sent, is sending or gave up on, with the
 * error of each failure; a failed or sent message can be queued again. Sandbox texts are kept here too.
 */
export default function DeliveriesPage() {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [channel, setChannel] = useState<DeliveryChannel>('email');
  const [state, setState] = useState<DeliveryState | undefined>(undefined);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const deliveries = useDeliveries({ channel, state, ...page });
  const resend = useResend();

  const columns: TableColumnsType<DeliveryRow> = [
    {
      title: t('notifications.admin.state'),
      dataIndex: 'state',
      width: 110,
      render: (value: DeliveryState) => (
        <Tag color={STATE_COLORS[value]}>{t(`notifications.admin.states.${value}`)}</Tag>
      ),
    },
    { title: t('notifications.admin.recipient'), dataIndex: 'recipient', width: 200 },
    { title: t('notifications.admin.user'), dataIndex: 'username', width: 120 },
    {
      title: t('notifications.admin.subject'),
      key: 'subject',
      render: (_, row) => (
        <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 2, tooltip: row.text }}>
          {row.subject || row.text}
        </Typography.Paragraph>
      ),
    },
    { title: t('notifications.admin.attempts'), dataIndex: 'attempts', width: 90 },
    {
      title: t('notifications.admin.lastError'),
      dataIndex: 'lastError',
      width: 220,
      render: (value: string | null) =>
        value ? (
          <Typography.Text type="danger" ellipsis={{ tooltip: value }}>
            {value}
          </Typography.Text>
        ) : null,
    },
    { title: t('notifications.admin.provider'), dataIndex: 'provider', width: 100 },
    {
      title: t('notifications.admin.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('notifications.admin.sentAt'),
      dataIndex: 'sentAt',
      width: 170,
      render: (value: string | null) => formatDateTime(value),
    },
    {
      title: t('notifications.admin.actions'),
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, row) =>
        row.state === 'sent' || row.state === 'failed' ? (
          <Button
            size="small"
            loading={resend.isPending && resend.variables === row.id}
            onClick={() =>
              resend.mutate(row.id, {
                onSuccess: () => void message.success(t('notifications.admin.resent')),
              })
            }
          >
            {t('notifications.admin.resend')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Flex vertical gap="middle">
      <PageTitle title={t('notifications.admin.title')} />
      <Flex gap="middle" wrap align="center">
        <Segmented<DeliveryChannel>
          value={channel}
          options={[
            { value: 'email', label: t('notifications.admin.email') },
            { value: 'sms', label: t('notifications.admin.sms') },
          ]}
          onChange={(value) => {
            setChannel(value);
            setPage((current) => ({ ...current, pageNum: 1 }));
          }}
        />
        <Select<DeliveryState | 'all'>
          style={{ width: 160 }}
          aria-label={t('notifications.admin.state')}
          value={state ?? 'all'}
          options={[
            { value: 'all', label: t('notifications.admin.allStates') },
            ...DELIVERY_STATES.map((value) => ({ value, label: t(`notifications.admin.states.${value}`) })),
          ]}
          onChange={(value) => {
            setState(value === 'all' ? undefined : value);
            setPage((current) => ({ ...current, pageNum: 1 }));
          }}
        />
      </Flex>
      <Table<DeliveryRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={deliveries.data?.rows ?? []}
        loading={deliveries.isFetching}
        scroll={{ x: 1400 }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: deliveries.data?.total ?? 0,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
      />
    </Flex>
  );
}
