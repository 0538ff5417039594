import type { UserAdminRow } from '@kxt/contracts/accounts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty, Flex, List, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/DataTable/confirm.tsx';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { endAllUserSessions, endUserSession, listUserSessions } from '../api/users.ts';

interface SessionsDrawerProps {
  user: UserAdminRow | null;
  onClose: () => void;
}

const format = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** 会话: where a user is logged in, with ending one or all of them (after a confirmation). */
export function SessionsDrawer({ user, onClose }: SessionsDrawerProps) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [confirm, confirmHolder] = useConfirm();
  const queryClient = useQueryClient();
  const key = ['admin', 'user-sessions', user?.id];
  const sessions = useQuery({
    queryKey: key,
    queryFn: () => listUserSessions(user?.id ?? 0),
    enabled: user !== null,
  });
  const end = useMutation({
    mutationFn: (sessionId: string | null) =>
      sessionId ? endUserSession(user?.id ?? 0, sessionId) : endAllUserSessions(user?.id ?? 0),
    onSuccess: () => {
      void message.success(t('accounts.sessions.ended'));
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const ask = async (sessionId: string | null) => {
    const go = await confirm({
      title: sessionId
        ? t('accounts.sessions.endOneConfirm')
        : t('accounts.sessions.endAllConfirm', { name: user?.displayName }),
      content: t('accounts.sessions.endHint'),
    });
    if (go) end.mutate(sessionId);
  };
  return (
    <Drawer
      title={t('accounts.sessions.title', { name: user?.displayName ?? '' })}
      open={user !== null}
      onClose={onClose}
      size="large"
      extra={
        sessions.data?.length ? (
          <Button danger onClick={() => void ask(null)} loading={end.isPending}>
            {t('accounts.sessions.endAll')}
          </Button>
        ) : null
      }
    >
      {confirmHolder}
      {sessions.isPending ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : sessions.data?.length ? (
        <List
          dataSource={sessions.data}
          renderItem={(session) => (
            <List.Item
              actions={[
                <Button key="end" type="link" danger onClick={() => void ask(session.id)}>
                  {t('accounts.sessions.end')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={
                  <Flex gap="small" wrap>
                    <span>{session.ip ?? '-'}</span>
                    {session.current ? <Tag color="blue">{t('accounts.sessions.current')}</Tag> : null}
                  </Flex>
                }
                description={
                  <Flex vertical>
                    <Typography.Text type="secondary" ellipsis={{ tooltip: session.userAgent }}>
                      {session.userAgent ?? '-'}
                    </Typography.Text>
                    <Typography.Text type="secondary">
                      {t('accounts.sessions.times', {
                        createdAt: format(session.createdAt),
                        expiresAt: format(session.expiresAt),
                      })}
                    </Typography.Text>
                  </Flex>
                }
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty description={t('accounts.sessions.none')} />
      )}
    </Drawer>
  );
}
