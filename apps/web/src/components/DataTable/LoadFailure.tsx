import { WarningOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** Where the rows would be when the list could not be read: the server's message and a way to ask again. */
export function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" gap="small" role="alert" style={{ padding: token.paddingLG }}>
      <WarningOutlined style={{ fontSize: 28, color: token.colorWarning }} />
      <Typography.Text>{message}</Typography.Text>
      <Button onClick={onRetry}>{t('table.retry')}</Button>
    </Flex>
  );
}
