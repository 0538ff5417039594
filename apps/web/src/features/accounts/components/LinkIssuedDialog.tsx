import type { AccountLinkIssued } from '@kxt/contracts/accounts';
import { Alert, Flex, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

interface LinkIssuedDialogProps {
  link: AccountLinkIssued | null;
  onClose: () => void;
}

/** The new link, shown this once for staff to copy (the server keeps only its hash), and where it was sent. */
export function LinkIssuedDialog({ link, onClose }: LinkIssuedDialogProps) {
  const { t } = useTranslation();
  const sent = link?.sentBy
    .map((channel) => t(`accounts.link.channel.${channel}`))
    .join(t('accounts.link.and'));
  return (
    <Modal
      title={t('accounts.link.title')}
      open={link !== null}
      onCancel={onClose}
      onOk={onClose}
      okText={t('accounts.link.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      {link ? (
        <Flex vertical gap="middle">
          <Alert
            type={sent ? 'success' : 'info'}
            showIcon
            title={sent ? t('accounts.link.sentBy', { channels: sent }) : t('accounts.link.notSent')}
          />
          <Typography.Paragraph
            copyable={{ text: link.url, tooltips: [t('accounts.link.copy'), t('accounts.link.copied')] }}
            style={{ wordBreak: 'break-all', marginBottom: 0 }}
            data-testid="account-link-url"
          >
            {link.url}
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            {t('accounts.link.onlyOnce', { expiresAt: dayjs(link.expiresAt).format('YYYY-MM-DD HH:mm') })}
          </Typography.Text>
        </Flex>
      ) : null}
    </Modal>
  );
}
