import { SettingOutlined } from '@ant-design/icons';
import type { NotificationRow } from '@kxt/contracts/notifications';
import { Badge, Button, Drawer, Empty, Flex, Grid, List, Popover, Typography, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../components/DataTable/format.ts';
import { useSessionUser } from '../../../components/session/current-user.ts';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications.ts';

/** Paths served outside the app (the public signing page) are opened by the browser, not the router. */
const outsideApp = (link: string) => link.startsWith('/sign');

/**
 * The bell's list, loaded on the first click (its antd parts stay out of every page's first load): a popover beside
 * the bell, or a drawer across a phone's screen, with the newest notifications and mark-read.
 */
export default function NotificationPanel({ bell }: { bell: (onClick?: () => void) => ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  // A phone gets the list in a drawer across the screen; a popover beside the bell would not fit.
  const narrow = Grid.useBreakpoint().sm === false;
  const user = useSessionUser();
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const unread = notifications.data?.unread ?? 0;

  const openRow = (row: NotificationRow) => {
    if (!row.readAt) markRead.mutate(row.id);
    setOpen(false);
    if (!row.link) return;
    if (outsideApp(row.link)) window.location.assign(row.link);
    else void navigate(row.link);
  };

  const content = (
    <div style={narrow ? undefined : { width: 400 }}>
      <Flex justify="space-between" align="center" style={{ marginBottom: token.marginXS }}>
        <Typography.Text strong>{t('notifications.title')}</Typography.Text>
        <Flex align="center">
          <Button
            size="small"
            type="link"
            disabled={unread === 0}
            loading={markAllRead.isPending}
            onClick={() => markAllRead.mutate(undefined)}
          >
            {t('notifications.markAllRead')}
          </Button>
          <Button
            size="small"
            type="link"
            icon={<SettingOutlined />}
            data-testid="notification-settings"
            onClick={() => {
              setOpen(false);
              void navigate(
                user.role === 'customer' ? '/notification-settings' : '/admin/notification-settings',
              );
            }}
          >
            {t('deadlines.preferences.link')}
          </Button>
        </Flex>
      </Flex>
      {notifications.isError ? (
        <Typography.Text type="danger">{t('notifications.loadFailed')}</Typography.Text>
      ) : (notifications.data?.rows.length ?? 0) === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} />
      ) : (
        <List
          size="small"
          style={{ maxHeight: 420, overflowY: 'auto' }}
          dataSource={notifications.data?.rows ?? []}
          renderItem={(row) => (
            <List.Item
              data-testid="notification-row"
              data-unread={row.readAt ? undefined : '1'}
              style={{ cursor: row.link ? 'pointer' : 'default', alignItems: 'flex-start' }}
              onClick={() => openRow(row)}
            >
              <List.Item.Meta
                title={
                  <Flex gap="small" align="flex-start" justify="space-between">
                    <Flex gap="small" align="baseline">
                      {row.readAt ? null : (
                        <Badge status="processing" aria-label={t('notifications.unread')} />
                      )}
                      <span style={{ fontWeight: row.readAt ? 'normal' : token.fontWeightStrong }}>
                        {row.title}
                      </span>
                    </Flex>
                    {row.readAt ? null : (
                      <Button
                        size="small"
                        type="link"
                        style={{ flex: 'none', paddingInline: 0, height: 'auto' }}
                        onClick={(event) => {
                          event.stopPropagation();
                          markRead.mutate(row.id);
                        }}
                      >
                        {t('notifications.markRead')}
                      </Button>
                    )}
                  </Flex>
                }
                description={
                  <>
                    <div style={{ color: token.colorText }}>{row.body}</div>
                    <div style={{ fontSize: token.fontSizeSM }}>{formatDateTime(row.createdAt)}</div>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </div>
  );

  if (narrow) {
    return (
      <>
        {bell(() => setOpen(true))}
        <Drawer open={open} onClose={() => setOpen(false)} placement="top" height="80vh" title={null}>
          {content}
        </Drawer>
      </>
    );
  }
  return (
    <Popover content={content} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight">
      {bell()}
    </Popover>
  );
}
