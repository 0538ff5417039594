import { CopyOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { FILE_PURPOSES } from '@kxt/contracts/files';
import { type BankAccount, PAYER_ACCOUNT_MAX, transferProblems } from '@kxt/contracts/payments';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, AutoComplete, Button, Descriptions, Flex, Form, Spin, Typography, theme, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../components/api/api-client.ts';
import { copyText } from '../../../components/DataTable/row-actions.ts';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { useBankAccount } from '../api/bank-account.ts';
import { submitTransfer, usePreparedTransfer } from '../api/prepare-transfer.ts';
import { uploadVoucher } from '../api/upload-voucher.ts';
import { readPayerHistory, rememberPayer } from './payer-history.ts';
import type { PaymentSubject } from './payment-subject.ts';

/** Voucher types by extension (spec §5); the server checks the bytes again. */
const VOUCHER_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'];
const VOUCHER_MAX_BYTES = FILE_PURPOSES.voucher.maxBytes;

const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

interface Voucher {
  name: string;
  url: string;
}

const ACCOUNT_FIELDS = ['accountName', 'bankName', 'accountNumber', 'branch', 'remark'] as const;
/** Fields worth copying into a banking app. */
const COPYABLE = new Set<keyof BankAccount>(['accountName', 'bankName', 'accountNumber', 'branch']);

/**
 * The bank transfer tab (spec §5): the payment reference to write in the transfer's note (the pending transfer is
 * created as the tab opens, and opening it again shows the same one), the account to pay to with copy buttons, the
 * payer account name (required, at most 50 characters, with the names used before on this browser) and one
 * voucher; submitting hands the transfer to finance, who find it by the same reference.
 */
export function TransferPanel({
  subject,
  onSubmitted,
}: {
  subject: PaymentSubject;
  onSubmitted: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const message = useMessageApi();
  const queryClient = useQueryClient();
  const bank = useBankAccount(true);
  const prepared = usePreparedTransfer(subject);
  const [form] = Form.useForm<{ paymentAccount: string }>();
  const [history] = useState(readPayerHistory);
  const [voucher, setVoucher] = useState<Voucher | null>(null);
  const [uploading, setUploading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const typed = Form.useWatch('paymentAccount', form) ?? '';

  const copy = async (text: string) => {
    if (await copyText(text)) void message.success(t('payment.transfer.copied'));
    else void message.error(t('payment.transfer.copyFailed'));
  };

  /** Checks the type and size before anything is sent; a new voucher replaces the old one. */
  const pickVoucher = (file: File) => {
    if (!VOUCHER_EXTENSIONS.includes(extensionOf(file.name))) {
      void message.warning(t('payment.transfer.fileTypeNotSupported'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > VOUCHER_MAX_BYTES) {
      void message.warning(t('payment.transfer.fileTooLarge'));
      return Upload.LIST_IGNORE;
    }
    setUploading(true);
    uploadVoucher(file)
      .then((url) => setVoucher({ name: file.name, url }))
      .catch(() => void message.error(t('payment.transfer.uploadFailed')))
      .finally(() => setUploading(false));
    return false;
  };

  const submit = async ({ paymentAccount }: { paymentAccount: string }) => {
    const receiptUrl = voucher?.url;
    if (!receiptUrl) {
      void message.warning(t('payment.transfer.voucherRequired'));
      return;
    }
    const orderNo = prepared.data?.orderNo;
    if (!orderNo) return;
    setSubmitting(true);
    try {
      await submitTransfer(orderNo, { receiptUrl, paymentAccount: paymentAccount.trim() });
    } catch (error) {
      if (isApiError(error)) {
        form.setFields(
          Object.entries(error.fields)
            .filter(([name]) => name === 'paymentAccount')
            .map(([name, text]) => ({ name: name as 'paymentAccount', errors: [text] })),
        );
      }
      setSubmitting(false);
      return;
    }
    rememberPayer(paymentAccount);
    void queryClient.invalidateQueries({ queryKey: ['payments', 'latest'] });
    void message.success(
      subject.serviceCode !== undefined
        ? t('payment.transfer.feeSubmitted')
        : t('payment.transfer.purchaseSubmitted'),
    );
    setSubmitting(false);
    onSubmitted();
  };

  const account = bank.data;
  const options = history
    .filter((name) => name.toLowerCase().includes(typed.trim().toLowerCase()))
    .map((name) => ({ value: name }));

  const reference = prepared.data?.reference;
  return (
    <Flex vertical gap="middle">
      {prepared.isPending ? (
        <Spin />
      ) : prepared.isError || !reference ? (
        <Alert
          type="error"
          showIcon
          title={prepared.error?.message || t('payment.transfer.referenceError')}
          action={
            <Button size="small" onClick={() => void prepared.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title={t('payment.transfer.referenceTitle')}
          description={
            <Flex vertical gap={4}>
              <Flex align="center" gap="small" wrap>
                <Typography.Text
                  strong
                  data-reference={reference}
                  style={{ fontFamily: 'monospace', fontSize: token.fontSizeHeading4 }}
                >
                  {reference}
                </Typography.Text>
                <Button
                  size="small"
                  icon={<CopyOutlined />}
                  aria-label={t('payment.transfer.copyReference')}
                  onClick={() => void copy(reference)}
                >
                  {t('payment.transfer.copy')}
                </Button>
              </Flex>
              <span>{t('payment.transfer.referenceHint')}</span>
            </Flex>
          }
        />
      )}
      {bank.isPending ? (
        <Spin />
      ) : bank.isError || !account ? (
        <span role="alert" style={{ color: token.colorError }}>
          {t('payment.transfer.bankError')}
        </span>
      ) : (
        <Descriptions
          size="small"
          bordered
          column={1}
          title={t('payment.transfer.accountTitle')}
          items={ACCOUNT_FIELDS.filter((field) => account[field]).map((field) => {
            const label = t(`payment.transfer.${field}`);
            const value = account[field] ?? '';
            return {
              key: field,
              label,
              children: (
                <Flex justify="space-between" align="center" gap="small">
                  <span>{value}</span>
                  {COPYABLE.has(field) ? (
                    <Button
                      type="link"
                      size="small"
                      icon={<CopyOutlined />}
                      aria-label={t('payment.transfer.copyLabel', { field: label })}
                      onClick={() => void copy(value)}
                    >
                      {t('payment.transfer.copy')}
                    </Button>
                  ) : null}
                </Flex>
              ),
            };
          })}
        />
      )}
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark>
        <Form.Item
          name="paymentAccount"
          label={t('payment.transfer.payerAccount')}
          required
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const problems = transferProblems({ paymentAccount: value ?? '', receiptUrl: 'x' });
                if (problems.includes('payerAccountRequired')) {
                  throw new Error(t('payment.transfer.payerAccountRequired'));
                }
                if (problems.includes('payerAccountTooLong')) {
                  throw new Error(t('payment.transfer.payerAccountTooLong', { max: PAYER_ACCOUNT_MAX }));
                }
              },
            },
          ]}
        >
          <AutoComplete options={options} placeholder={t('payment.transfer.payerAccountPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('payment.transfer.voucher')} required extra={t('payment.transfer.uploadHint')}>
          <Flex vertical gap="small" align="flex-start">
            <Upload
              accept=".jpg,.jpeg,.png,.pdf"
              maxCount={1}
              showUploadList={false}
              beforeUpload={pickVoucher}
              disabled={uploading || submitting}
            >
              <Button icon={<UploadOutlined />} loading={uploading}>
                {voucher ? t('payment.transfer.reupload') : t('payment.transfer.upload')}
              </Button>
            </Upload>
            {voucher ? (
              <a href={voucher.url} target="_blank" rel="noreferrer" data-voucher-url={voucher.url}>
                <PaperClipOutlined /> {voucher.name}
              </a>
            ) : null}
          </Flex>
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={submitting}
          disabled={uploading || !prepared.data}
        >
          {t('payment.transfer.submit')}
        </Button>
      </Form>
    </Flex>
  );
}
