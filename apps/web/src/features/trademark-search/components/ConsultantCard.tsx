import { CloseOutlined } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsultantDetails } from './ConsultantDetails.tsx';

const CLOSED_KEY = 'kxt.trademarkSearch.consultantClosed';

function readClosed(): boolean {
  try {
    return window.sessionStorage.getItem(CLOSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The adviser's card beside the search form; once closed it stays closed for the browser session. */
export function ConsultantCard() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [closed, setClosed] = useState(readClosed);
  if (closed) return null;
  const close = () => {
    setClosed(true);
    try {
      window.sessionStorage.setItem(CLOSED_KEY, '1');
    } catch {
      // Storage disabled: closed for this page only.
    }
  };
  // A small card drawn with the theme's tokens: antd's Card would bring its tabs and skeleton to the first load.
  return (
    <section
      aria-label={t('trademarkSearch.consultant.title')}
      style={{
        flex: '0 0 220px',
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <Flex
        justify="space-between"
        align="center"
        gap="small"
        style={{
          minHeight: 38,
          paddingInline: token.paddingSM,
          borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          fontWeight: token.fontWeightStrong,
        }}
      >
        <span>{t('trademarkSearch.consultant.title')}</span>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('trademarkSearch.consultant.close')}
          onClick={close}
        />
      </Flex>
      <div style={{ padding: token.paddingSM }}>
        <ConsultantDetails qrSize={110} />
      </div>
    </section>
  );
}
