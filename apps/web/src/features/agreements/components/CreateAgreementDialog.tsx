import {
  type AgreementName,
  MOBILE_PATTERN,
  SIGN_LINK_MAX_TTL_DAYS,
  SIGN_LINK_TTL_DAYS,
} from '@kxt/contracts/agreements';
import { Button, Flex, Form, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerPicker } from '../../../components/customer-picker/CustomerPicker.tsx';
import { formatDateTime } from '../../../components/DataTable/format.ts';
import { ModalForm } from '../../../components/DataTable/ModalForm.tsx';
import { type CreatedAgreement, useCreateAgreement } from '../api/create-agreement.ts';
import { absoluteLink, nameOptions } from './agreement-enums.ts';

interface CreateValues {
  customerId: number;
  agreementName: AgreementName;
  expiresInDays: number;
  signerName: string;
  signerMobile: string;
  signerEmail?: string;
  serviceName?: string;
  price?: string;
}

/** An empty optional field is left out rather than sent as "". */
const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

interface CreateAgreementDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
  /** Copies the link and says so. */
  copy: (text: string) => void;
}

/**
 * 新建协议: customer, agreement, the signer (name, mobile for the SMS code, optional e-mail), a text template's merge
 * values and the expiry; then the new signing link with a copy button.
 */
export function CreateAgreementDialog({ open, onClose, onCreated, copy }: CreateAgreementDialogProps) {
  const { t } = useTranslation();
  const create = useCreateAgreement();
  const [created, setCreated] = useState<CreatedAgreement | null>(null);
  const link = created ? absoluteLink(created.url) : '';

  return (
    <>
      <ModalForm<CreateValues>
        title={t('agreements.createTitle')}
        open={open}
        onClose={onClose}
        okText={t('agreements.createOk')}
        initialValues={{ expiresInDays: SIGN_LINK_TTL_DAYS }}
        onFinish={async (values) => {
          const answer = await create.mutateAsync({
            customerId: values.customerId,
            agreementName: values.agreementName,
            expiresInDays: values.expiresInDays,
            signerName: values.signerName.trim(),
            signerMobile: values.signerMobile.trim(),
            signerEmail: optional(values.signerEmail),
            serviceName: optional(values.serviceName),
            price: optional(values.price),
          });
          setCreated(answer);
          onCreated();
        }}
      >
        <Form.Item
          name="customerId"
          label={t('agreements.customer')}
          rules={[{ required: true, message: t('agreements.customerRequired') }]}
        >
          <CustomerPicker placeholder={t('agreements.customerPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="agreementName"
          label={t('agreements.agreementName')}
          htmlFor="new-agreement-name"
          rules={[{ required: true, message: t('agreements.nameRequired') }]}
        >
          <Select
            id="new-agreement-name"
            options={nameOptions}
            placeholder={t('agreements.namePlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="signerName"
          label={t('agreementSigning.signerName')}
          rules={[{ required: true, whitespace: true, message: t('agreementSigning.signerNameRequired') }]}
        >
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="signerMobile"
          label={t('agreementSigning.signerMobile')}
          extra={t('agreementSigning.signerMobileHint')}
          rules={[
            { required: true, message: t('agreementSigning.signerMobileInvalid') },
            { pattern: MOBILE_PATTERN, message: t('agreementSigning.signerMobileInvalid') },
          ]}
        >
          <Input inputMode="tel" maxLength={16} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="signerEmail"
          label={t('agreementSigning.signerEmail')}
          rules={[{ type: 'email', message: t('agreementSigning.signerEmailInvalid') }]}
        >
          <Input maxLength={200} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="serviceName"
          label={t('agreementSigning.serviceName')}
          extra={t('agreementSigning.mergeHint', { serviceName: '{{serviceName}}', price: '{{price}}' })}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="price" label={t('agreementSigning.price')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="expiresInDays"
          label={t('agreements.expiresInDays')}
          rules={[{ required: true, message: t('agreements.expiresInDaysRequired') }]}
        >
          <InputNumber min={1} max={SIGN_LINK_MAX_TTL_DAYS} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </ModalForm>
      <Modal
        title={t('agreements.createdTitle')}
        open={created !== null}
        onCancel={() => setCreated(null)}
        footer={<Button onClick={() => setCreated(null)}>{t('agreements.close')}</Button>}
        destroyOnHidden
      >
        {created ? (
          <Flex vertical gap="small">
            <Typography.Text type="secondary">
              {t('agreements.createdHint', { expiresAt: formatDateTime(created.expiresAt) })}
            </Typography.Text>
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={link} aria-label={t('agreements.link')} />
              <Button type="primary" onClick={() => copy(link)}>
                {t('agreements.copy')}
              </Button>
            </Space.Compact>
          </Flex>
        ) : null}
      </Modal>
    </>
  );
}
