import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A page's heading and optional one-line description. Plain elements styled with antd's tokens: antd's Typography
 * brings editing, copying and ellipsis code (tens of KB) that a heading does not need.
 */
export function PageTitle({ title, description }: { title: ReactNode; description?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div>
      <h1
        style={{
          margin: 0,
          fontSize: token.fontSizeHeading3,
          lineHeight: token.lineHeightHeading3,
          fontWeight: token.fontWeightStrong,
          color: token.colorTextHeading,
        }}
      >
        {title}
      </h1>
      {description ? (
        <p style={{ margin: `${token.marginXS}px 0 0`, color: token.colorTextDescription }}>{description}</p>
      ) : null}
    </div>
  );
}
