import type { AgreementDetail } from '@kxt/contracts/agreements';
import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/DataTable/format.ts';

/** The signer and their identity check: who the link is addressed to, the SMS code and the consent they gave. */
export function SignerIdentity({ row }: { row: AgreementDetail }) {
  const { t } = useTranslation();
  const time = (value: string | null) => (value ? formatDateTime(value) : '-');
  const { identity } = row;
  const state = identity.lockedAt ? (
    <Tag color="error">{t('agreementSigning.identityLocked')}</Tag>
  ) : identity.confirmedAt ? (
    <Tag color="success">{t('agreementSigning.identityConfirmed')}</Tag>
  ) : (
    <Tag>{t('agreementSigning.identityPending')}</Tag>
  );
  return (
    <div>
      <Typography.Title level={5}>{t('agreementSigning.identity')}</Typography.Title>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'name', label: t('agreementSigning.signerName'), children: row.signerName ?? '-' },
          { key: 'mobile', label: t('agreementSigning.signerMobile'), children: row.signerMobile ?? '-' },
          { key: 'email', label: t('agreementSigning.signerEmail'), children: row.signerEmail ?? '-' },
          { key: 'state', label: t('agreementSigning.identityState'), children: state },
          { key: 'sent', label: t('agreementSigning.codeSentAt'), children: time(identity.codeSentAt) },
          {
            key: 'confirmed',
            label: t('agreementSigning.identityConfirmedAt'),
            children: time(identity.confirmedAt),
          },
          { key: 'failures', label: t('agreementSigning.codeFailures'), children: identity.failures },
          {
            key: 'consent',
            label: t('agreementSigning.consent'),
            children: identity.consentText ? (
              <Typography.Paragraph style={{ marginBottom: 0 }}>
                {identity.consentText}{' '}
                <Typography.Text type="secondary">({identity.consentVersion})</Typography.Text>
              </Typography.Paragraph>
            ) : (
              '-'
            ),
          },
          { key: 'consentAt', label: t('agreementSigning.consentAt'), children: time(identity.consentAt) },
        ]}
      />
    </div>
  );
}
