import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, theme } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationsQueryKey, saveLocale, useNotifications } from '../api/notifications.ts';

const NotificationPanel = lazy(() => import('./NotificationPanel.tsx'));

/**
 * The bell in both layouts' headers: the unread count (refreshed every 30 s); the first click loads the list
 * (`NotificationPanel`), which then owns the bell's clicks.
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const [wanted, setWanted] = useState(false);
  const [localeSaved, setLocaleSaved] = useState(false);
  const listAskedFor = useRef(false);
  const unread = useNotifications({ enabled: localeSaved }).data?.unread ?? 0;

  // The server words notifications, emails and texts in the language the user last chose here: the list is asked for
  // once it has it, and again after a switch, so the notifications already shown follow the new language.
  useEffect(() => {
    let current = true;
    void saveLocale(i18n.language).then(() => {
      if (!current) return;
      if (listAskedFor.current) void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      listAskedFor.current = true;
      setLocaleSaved(true);
    });
    return () => {
      current = false;
    };
  }, [i18n.language, queryClient]);

  const bell = (onClick?: () => void) => (
    // A plain count rather than antd's Badge, which would add its animation code to every page's first load.
    <span style={{ position: 'relative', display: 'inline-flex' }}>
      <Button
        type="text"
        icon={<BellOutlined />}
        aria-label={
          unread > 0 ? t('notifications.bellWithCount', { count: unread }) : t('notifications.bell')
        }
        onClick={onClick}
      />
      {unread > 0 ? (
        <span
          aria-hidden
          style={{
            position: 'absolute',
            top: 0,
            insetInlineEnd: 0,
            transform: 'translate(40%, -30%)',
            minWidth: 16,
            height: 16,
            paddingInline: 4,
            borderRadius: 8,
            background: token.colorError,
            color: token.colorTextLightSolid,
            fontSize: 11,
            lineHeight: '16px',
            textAlign: 'center',
            pointerEvents: 'none',
            boxSizing: 'border-box',
          }}
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </span>
  );
  if (!wanted) return bell(() => setWanted(true));
  return (
    <Suspense fallback={bell()}>
      <NotificationPanel bell={bell} />
    </Suspense>
  );
}
