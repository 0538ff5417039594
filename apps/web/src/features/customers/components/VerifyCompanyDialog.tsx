import { COMPANY_NAME_MAX, isUnifiedSocialCreditCode, type VerifyCompanyBody } from '@kxt/contracts/accounts';
import type { CustomerRow } from '@kxt/contracts/customers';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ModalForm } from '../../../components/DataTable/ModalForm.tsx';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { verifyCustomer } from '../api/verify-customer.ts';

interface VerifyCompanyDialogProps {
  row: CustomerRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 认证: staff enter the business licence's unified social credit code and the name printed on it. */
export function VerifyCompanyDialog({ row, onClose, onSaved }: VerifyCompanyDialogProps) {
  const { t } = useTranslation();
  const message = useMessageApi();
  return (
    <ModalForm<VerifyCompanyBody>
      title={t('accounts.verify.title', { name: row?.name ?? '' })}
      open={row !== null}
      onClose={onClose}
      okText={t('accounts.verify.submit')}
      initialValues={{ name: row?.name ?? '', licenceNo: '' }}
      onFinish={async (values) => {
        if (!row) return;
        await verifyCustomer(row.id, {
          name: values.name.trim(),
          licenceNo: values.licenceNo.trim().toUpperCase(),
        });
        void message.success(t('accounts.verify.done'));
        onSaved();
      }}
    >
      <Typography.Paragraph type="secondary">{t('accounts.verify.intro')}</Typography.Paragraph>
      <Form.Item
        name="licenceNo"
        label={t('accounts.verify.licenceNo')}
        normalize={(value: string) => value.toUpperCase()}
        rules={[
          { required: true, message: t('accounts.verify.licenceRequired') },
          {
            validator: async (_rule, value: string | undefined) => {
              if (value && !isUnifiedSocialCreditCode(value.trim()))
                throw new Error(t('accounts.verify.licenceInvalid'));
            },
          },
        ]}
      >
        <Input maxLength={18} placeholder="91350100M000100Y43" style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('accounts.verify.name')}
        rules={[{ required: true, whitespace: true, message: t('accounts.register.companyRequired') }]}
      >
        <Input maxLength={COMPANY_NAME_MAX} />
      </Form.Item>
    </ModalForm>
  );
}
