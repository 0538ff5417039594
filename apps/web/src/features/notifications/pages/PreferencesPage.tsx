import {
  type ChannelChoice,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationType,
  type PreferenceRow,
} from '@kxt/contracts/notifications';
import { Alert, Checkbox, Flex, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useSessionUser } from '../../../components/session/current-user.ts';
import { usePreferences, useSavePreference } from '../api/preferences.ts';

/** Types only staff receive; a customer is not shown them, and staff are shown only these. */
const STAFF_TYPES: readonly NotificationType[] = [
  'patent.waitingOnStaff',
  'payment.transferSubmitted',
  'agreement.signed',
  'staff.digest',
];

/**
 * /notification-settings and /admin/notification-settings (from the bell): per notification type, the channels the
 * user wants. A deadline reminder's in-app box stays checked (the server refuses to turn it off).
 */
export default function PreferencesPage() {
  const { t } = useTranslation();
  const message = useMessageApi();
  const user = useSessionUser();
  const preferences = usePreferences(user.id);
  const save = useSavePreference(user.id);
  const staff = user.role !== 'customer';
  const rows = (preferences.data ?? []).filter((row) => STAFF_TYPES.includes(row.type) === staff);

  const toggle = (row: PreferenceRow, channel: NotificationChannel, on: boolean) => {
    const channels: ChannelChoice = { ...row.channels, [channel]: on };
    save.mutate(
      { type: row.type, channels },
      { onSuccess: () => void message.success(t('deadlines.preferences.saved')) },
    );
  };

  const channelColumn = (channel: NotificationChannel): TableColumnsType<PreferenceRow>[number] => ({
    title: t(`deadlines.preferences.${channel}`),
    key: channel,
    width: 72,
    align: 'center',
    render: (_, row) => {
      const locked = channel === 'inApp' && row.inAppLocked;
      const box = (
        <Checkbox
          aria-label={`${t(`deadlines.preferences.types.${row.type}`)} ${t(`deadlines.preferences.${channel}`)}`}
          data-testid={`pref-${row.type}-${channel}`}
          checked={row.channels[channel]}
          disabled={locked || save.isPending}
          onChange={(event) => toggle(row, channel, event.target.checked)}
        />
      );
      return locked ? <Tooltip title={t('deadlines.preferences.inAppLocked')}>{box}</Tooltip> : box;
    },
  });

  const columns: TableColumnsType<PreferenceRow> = [
    {
      title: t('deadlines.preferences.type'),
      key: 'type',
      render: (_, row) => (
        <Flex vertical>
          <span>{t(`deadlines.preferences.types.${row.type}`)}</span>
          {row.inAppLocked ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('deadlines.preferences.inAppLocked')}
            </Typography.Text>
          ) : row.deadline ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('deadlines.preferences.deadlineHint')}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    ...NOTIFICATION_CHANNELS.map(channelColumn),
  ];

  return (
    <Flex vertical gap="middle">
      <PageTitle title={t('deadlines.preferences.title')} description={t('deadlines.preferences.intro')} />
      {preferences.isError ? (
        <Alert type="error" showIcon message={t('deadlines.preferences.loadFailed')} />
      ) : (
        <Table<PreferenceRow>
          rowKey="type"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={preferences.isPending}
          pagination={false}
        />
      )}
    </Flex>
  );
}
