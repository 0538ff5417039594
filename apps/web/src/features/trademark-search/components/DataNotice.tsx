import { InfoCircleFilled } from '@ant-design/icons';
import { Flex, theme } from 'antd';

/**
 * The data notice above the form, drawn as antd's info Alert with the theme's tokens: the Alert component would be
 * a chunk of its own on the route's first load.
 */
export function DataNotice({ children }: { children: string }) {
  const { token } = theme.useToken();
  return (
    <Flex
      role="alert"
      gap="small"
      align="baseline"
      style={{
        padding: `${token.paddingXS}px ${token.paddingContentHorizontalLG}px`,
        background: token.colorInfoBg,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorInfoBorder}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        lineHeight: token.lineHeight,
      }}
    >
      <InfoCircleFilled aria-hidden style={{ color: token.colorInfo, flex: 'none' }} />
      <span>{children}</span>
    </Flex>
  );
}
