import { CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';

interface StatusMessageProps {
  status: 'error' | 'warning';
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}

/**
 * A light stand-in for antd's Result, for states that must render without loading more code (a crash, a failed
 * session check): Result carries illustrations that would weigh on every first load.
 */
export function StatusMessage({ status, title, description, action }: StatusMessageProps) {
  const { token } = theme.useToken();
  const Icon = status === 'error' ? CloseCircleFilled : ExclamationCircleFilled;
  const color = status === 'error' ? token.colorError : token.colorWarning;
  return (
    <Flex
      vertical
      align="center"
      gap="middle"
      role="alert"
      style={{ padding: '48px 32px', textAlign: 'center' }}
    >
      <Icon style={{ fontSize: 72, color }} aria-hidden />
      <div style={{ fontSize: token.fontSizeHeading3, color: token.colorTextHeading }}>{title}</div>
      {description ? <div style={{ color: token.colorTextDescription }}>{description}</div> : null}
      {action}
    </Flex>
  );
}
