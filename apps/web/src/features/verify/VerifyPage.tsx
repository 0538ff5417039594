import { SafetyCertificateOutlined } from '@ant-design/icons';
import { beijingTime, VERIFY_MAX_BYTES } from '@kxt/contracts/seal';
import type { VerifyResult } from '@kxt/contracts/verify';
import { Alert, Descriptions, Flex, Result, Spin, Typography, theme, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../components/api/api-client.ts';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { ProductName } from '../../components/ProductName.tsx';
import { useVerifyDocument } from './verify-document.ts';

const LIMIT_MB = VERIFY_MAX_BYTES / (1024 * 1024);

/**
 * The public check of a signed agreement PDF (/verify, no login): drop the file, learn whether it is intact and,
 * if so, which agreement, signer and time it belongs to. The file goes to the server, which keeps nothing of it.
 */
export default function VerifyPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const verify = useVerifyDocument();
  const [fileName, setFileName] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState(false);

  const check = (file: File) => {
    setFileName(file.name);
    setTooLarge(file.size > VERIFY_MAX_BYTES);
    if (file.size > VERIFY_MAX_BYTES) verify.reset();
    else verify.mutate(file);
    return false; // the upload is ours, not antd's
  };

  const errorMessage = tooLarge
    ? t('verify.tooLarge', { limit: LIMIT_MB })
    : verify.error
      ? isApiError(verify.error)
        ? verify.error.msg
        : t('verify.failed')
      : null;

  return (
    <Flex vertical style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <Flex justify="space-between" align="center" gap={12} style={{ padding: '12px 16px' }}>
        <ProductName style={{ fontSize: token.fontSizeLG }} />
        <LanguageSwitch />
      </Flex>
      <main
        style={{
          width: '100%',
          maxWidth: 680,
          margin: '0 auto',
          padding: '8px 16px 48px',
          boxSizing: 'border-box',
        }}
      >
        <Typography.Title level={3} style={{ marginTop: 8 }}>
          {t('verify.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('verify.intro')}</Typography.Paragraph>
        <Upload.Dragger
          accept="application/pdf,.pdf"
          multiple={false}
          showUploadList={false}
          beforeUpload={check}
          disabled={verify.isPending}
          style={{ background: token.colorBgContainer }}
        >
          <p className="ant-upload-drag-icon">
            <SafetyCertificateOutlined />
          </p>
          <p className="ant-upload-text">{t('verify.drop')}</p>
          <p className="ant-upload-hint">{t('verify.hint', { limit: LIMIT_MB })}</p>
        </Upload.Dragger>

        <section aria-live="polite" style={{ marginTop: token.marginLG }}>
          {verify.isPending ? (
            <Flex align="center" justify="center" gap={12} style={{ padding: 24 }}>
              <Spin />
              <Typography.Text>{t('verify.checking', { name: fileName ?? '' })}</Typography.Text>
            </Flex>
          ) : errorMessage ? (
            <Alert type="error" showIcon title={errorMessage} description={fileName} />
          ) : verify.data ? (
            <Outcome result={verify.data} fileName={fileName} />
          ) : null}
        </section>

        <Typography.Title level={5} style={{ marginTop: token.marginXL }}>
          {t('verify.howTitle')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('verify.howProves')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('verify.howAdobe')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          {t('verify.howPdfsig')} <Typography.Text code>pdfsig agreement.pdf</Typography.Text>
        </Typography.Paragraph>
      </main>
    </Flex>
  );
}

function Outcome({ result, fileName }: { result: VerifyResult; fileName: string | null }) {
  const { t, i18n } = useTranslation();
  if (result.status !== 'intact') {
    const title =
      result.status === 'tampered'
        ? t(`verify.result.tampered.${result.reason}`)
        : t(`verify.result.${result.status}`);
    return (
      <Result
        status={result.status === 'tampered' ? 'error' : 'warning'}
        title={title}
        subTitle={`${fileName ?? ''} · ${t(`verify.result.${result.status}Help`)}`}
        style={{ padding: '16px 0' }}
      />
    );
  }
  const english = i18n.language === 'en-US';
  return (
    <>
      <Result
        status="success"
        title={t('verify.result.intact')}
        subTitle={`${fileName ?? ''} · ${t('verify.result.intactHelp')}`}
        style={{ padding: '16px 0' }}
      />
      <Descriptions column={1} bordered size="small" styles={{ label: { width: '34%' } }}>
        <Descriptions.Item label={t('verify.field.agreementNo')}>#{result.agreement.no}</Descriptions.Item>
        <Descriptions.Item label={t('verify.field.agreementName')}>
          {english ? result.agreement.nameEn : result.agreement.name}
        </Descriptions.Item>
        <Descriptions.Item label={t('verify.field.signer')}>
          {result.signerName ?? t('verify.notRecorded')}
        </Descriptions.Item>
        <Descriptions.Item label={t('verify.field.signedAt')}>
          {beijingTime(result.signedAt)}
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}
