import { Button, Flex, Spin, theme } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useConsultant } from '../api/consultant.ts';

/** The adviser's nickname, phone and WeChat QR code, with the loading and error states of the call. */
export function ConsultantDetails({ qrSize = 120 }: { qrSize?: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const consultant = useConsultant();
  if (consultant.isPending) {
    return (
      <Flex justify="center" style={{ padding: token.padding }}>
        <Spin aria-label={t('common.loading')} />
      </Flex>
    );
  }
  if (consultant.isError) {
    return (
      <Flex vertical align="center" gap="small" role="alert">
        <span style={{ color: token.colorError }}>{t('trademarkSearch.consultant.error')}</span>
        <Button size="small" onClick={() => void consultant.refetch()}>
          {t('common.retry')}
        </Button>
      </Flex>
    );
  }
  const { nickName, phonenumber, wechatCode } = consultant.data;
  return (
    <Flex vertical align="center" gap="small">
      <strong>{nickName}</strong>
      {phonenumber ? <span>{t('trademarkSearch.consultant.phone', { phone: phonenumber })}</span> : null}
      {wechatCode ? (
        <>
          <QRCodeSVG
            value={wechatCode}
            size={qrSize}
            role="img"
            aria-label={t('trademarkSearch.consultant.qr')}
            data-value={wechatCode}
          />
          <span style={{ color: token.colorTextSecondary }}>{t('trademarkSearch.consultant.scan')}</span>
        </>
      ) : (
        <span style={{ color: token.colorTextSecondary }}>{t('trademarkSearch.consultant.noWechat')}</span>
      )}
    </Flex>
  );
}
