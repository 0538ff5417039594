import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/** The product's name as shown in headers. */
export function ProductName({ style }: { style?: CSSProperties }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <span
      style={{
        fontSize: token.fontSizeHeading4,
        fontWeight: token.fontWeightStrong,
        color: token.colorTextHeading,
        whiteSpace: 'nowrap',
        ...style,
      }}
    >
      {t('app.name')}
    </span>
  );
}
