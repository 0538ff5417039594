import type { SessionView } from '@kxt/contracts/accounts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, List, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/DataTable/format.ts';
import { endOtherSessions, endSession, listSessions, sessionsQueryKey } from '../api/accounts.ts';
import { deviceName } from './device.ts';

/** The user's active sessions (device, address, last use), the current one marked; end one or all the others. */
export function SessionsCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: sessionsQueryKey, queryFn: listSessions });
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
  const endOne = useMutation({ mutationFn: endSession, onSuccess: refresh });
  const endOthers = useMutation({ mutationFn: endOtherSessions, onSuccess: refresh });
  const others = (sessions.data ?? []).filter((session) => !session.current).length;
  return (
    <Card
      title={t('accounts.devices.title')}
      extra={
        <Popconfirm
          title={t('accounts.devices.endOthersConfirm')}
          okText={t('accounts.devices.endOthers')}
          onConfirm={() => endOthers.mutateAsync()}
          disabled={others === 0}
        >
          <Button size="small" danger disabled={others === 0} loading={endOthers.isPending}>
            {t('accounts.devices.endOthers')}
          </Button>
        </Popconfirm>
      }
    >
      {sessions.isPending ? <Skeleton active /> : null}
      {sessions.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('errors.crash.subTitle')}
          action={
            <Button size="small" onClick={() => void sessions.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : null}
      {sessions.data && sessions.data.length === 0 ? (
        <Empty description={t('accounts.devices.empty')} />
      ) : null}
      {sessions.data && sessions.data.length > 0 ? (
        <List<SessionView>
          dataSource={sessions.data}
          renderItem={(session) => (
            <List.Item
              actions={
                session.current
                  ? []
                  : [
                      <Popconfirm
                        key="end"
                        title={t('accounts.devices.endConfirm')}
                        okText={t('accounts.devices.end')}
                        onConfirm={() => endOne.mutateAsync(session.id)}
                      >
                        <Button size="small" type="link" danger>
                          {t('accounts.devices.end')}
                        </Button>
                      </Popconfirm>,
                    ]
              }
            >
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Flex gap="small" align="center" wrap>
                  <Typography.Text strong>
                    {deviceName(session.userAgent) ?? t('accounts.devices.unknownDevice')}
                  </Typography.Text>
                  {session.current ? <Tag color="green">{t('accounts.devices.current')}</Tag> : null}
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('accounts.devices.detail', {
                    ip: session.ip ?? '—',
                    lastSeen: formatDateTime(session.lastSeenAt),
                  })}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      ) : null}
    </Card>
  );
}
