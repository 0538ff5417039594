import {
  type PaymentRow,
  REFUND_REASON_MAX,
  REFUNDABLE_PAYMENT_STATES,
  REJECT_REASON_MAX,
} from '@kxt/contracts/payments';
import { Alert, Button, Flex, Form, Input, Space, Tag, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerPicker } from '../../../components/customer-picker/CustomerPicker.tsx';
import { keywordColumn, stateColumn } from '../../../components/DataTable/common-columns.tsx';
import { useConfirm } from '../../../components/DataTable/confirm.tsx';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { ModalForm } from '../../../components/DataTable/ModalForm.tsx';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types.ts';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import {
  listPayments,
  useApprovePayment,
  useRefundPayment,
  useRejectPayment,
} from '../api/admin-payments.ts';
import { useMoney } from '../components/money.ts';
import { kindEnum, payTypeEnum, stateEnum } from '../components/payment-enums.ts';
import { VoucherDialog } from '../components/VoucherDialog.tsx';

/**
 * /admin/payments (finance and admin): every payment order with its payment reference (the transfer's note, and
 * what the keyword finds), transfers waiting for review first; a submitted
 * transfer is approved (after a confirmation) or rejected with a reason the customer sees. A paid order (succeeded
 * or approved) can be recorded as refunded once the money went back by bank or in the provider's console; orders
 * that paid a subject twice carry a tag, as they are the ones to refund.
 */
export default function AdminPaymentsPage() {
  const { t } = useTranslation();
  const message = useMessageApi();
  const money = useMoney();
  const actionRef = useRef<DataTableAction>(null);
  const [confirm, confirmHolder] = useConfirm();
  const approve = useApprovePayment();
  const reject = useRejectPayment();
  const refund = useRefundPayment();
  const [customerId, setCustomerId] = useState<number | undefined>(undefined);
  const [voucher, setVoucher] = useState<PaymentRow | null>(null);
  const [rejecting, setRejecting] = useState<PaymentRow | null>(null);
  const [refunding, setRefunding] = useState<PaymentRow | null>(null);

  const askApprove = async (row: PaymentRow) => {
    const confirmed = await confirm({
      title: t('payment.admin.approveTitle', { orderNo: row.orderNo }),
      content: t('payment.admin.approveContent', {
        amount: money(row.amount, row.currency),
        reference: row.reference,
      }),
      okText: t('payment.admin.approve'),
      okType: 'primary',
    });
    if (!confirmed) return;
    try {
      await approve.mutateAsync(row.orderNo);
    } catch {
      return; // The API client has shown the error.
    }
    void message.success(t('payment.admin.approved'));
    void actionRef.current?.reload();
  };

  const columns: DataTableColumn<PaymentRow>[] = [
    keywordColumn(t('lists.keyword'), t('payment.admin.keywordPlaceholder')),
    {
      // What the customer wrote in the transfer's note: finance matches bank statements by it.
      title: t('payment.admin.reference'),
      dataIndex: 'reference',
      search: false,
      render: (_dom, row) => (
        <Typography.Text strong copyable style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
          {row.reference}
        </Typography.Text>
      ),
    },
    {
      title: t('payment.admin.orderNo'),
      dataIndex: 'orderNo',
      search: false,
      render: (dom) => <span style={{ fontFamily: 'monospace' }}>{dom}</span>,
    },
    {
      title: t('payment.admin.customer'),
      dataIndex: 'customerName',
      search: false,
      render: (_dom, row) => (row.userName ? `${row.customerName}（${row.userName}）` : row.customerName),
    },
    { title: t('payment.admin.kind'), dataIndex: 'kind', valueType: 'select', valueEnum: kindEnum(t) },
    { title: t('payment.admin.description'), dataIndex: 'description', search: false },
    {
      title: t('payment.admin.amount'),
      dataIndex: 'amount',
      search: false,
      sorter: true,
      align: 'right',
      render: (_dom, row) => money(row.amount, row.currency),
    },
    {
      title: t('payment.admin.payType'),
      dataIndex: 'payType',
      valueType: 'select',
      valueEnum: payTypeEnum(t),
    },
    stateColumn({
      title: t('payment.admin.state'),
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: stateEnum(t),
      search: false,
      render: (dom, row) =>
        row.duplicate ? (
          <Space size={4}>
            {dom}
            <Tooltip title={t('payment.admin.duplicateHint')}>
              <Tag color="warning">{t('payment.admin.duplicate')}</Tag>
            </Tooltip>
          </Space>
        ) : (
          dom
        ),
    }),
    { title: t('payment.admin.payerAccount'), dataIndex: 'payerAccount', search: false },
    {
      title: t('payment.admin.voucher'),
      key: 'voucher',
      search: false,
      render: (_dom, row) =>
        row.voucherUrl ? (
          <Button type="link" size="small" onClick={() => setVoucher(row)}>
            {t('payment.admin.viewVoucher')}
          </Button>
        ) : (
          '-'
        ),
    },
    {
      title: t('payment.admin.createdAt'),
      dataIndex: 'createdAt',
      valueType: 'dateTime',
      search: false,
      sorter: true,
    },
    {
      title: t('payment.admin.paidAt'),
      dataIndex: 'paidAt',
      valueType: 'dateTime',
      search: false,
      sorter: true,
    },
    { title: t('payment.admin.reviewedAt'), dataIndex: 'reviewedAt', valueType: 'dateTime', search: false },
    { title: t('payment.admin.reviewer'), dataIndex: 'reviewedByName', search: false },
    {
      title: t('rowActions.actions'),
      key: 'actions',
      valueType: 'option',
      fixed: 'right',
      render: (_dom, row) => {
        if (row.state === 'submitted') {
          return (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => void askApprove(row)}>
                {t('payment.admin.approve')}
              </Button>
              <Button type="link" size="small" danger onClick={() => setRejecting(row)}>
                {t('payment.admin.reject')}
              </Button>
            </Space>
          );
        }
        if (REFUNDABLE_PAYMENT_STATES.includes(row.state)) {
          return (
            <Button type="link" size="small" danger onClick={() => setRefunding(row)}>
              {t('payment.admin.refund')}
            </Button>
          );
        }
        return null;
      },
    },
  ];

  return (
    <Flex vertical gap="large">
      {confirmHolder}
      <PageTitle title={t('payment.admin.title')} description={t('payment.admin.subtitle')} />
      <DataTable<PaymentRow>
        tableKey="admin.payments"
        rowKey="orderNo"
        columns={columns}
        request={listPayments}
        statusTabs={{ dataIndex: 'status' }}
        params={{ customerId }}
        actionRef={actionRef}
        scroll={{ x: 'max-content' }}
        toolBarRender={() => [
          <div key="customer" style={{ minWidth: 220 }}>
            <CustomerPicker
              value={customerId}
              onChange={setCustomerId}
              placeholder={t('payment.admin.customerPlaceholder')}
            />
          </div>,
        ]}
      />
      <VoucherDialog
        url={voucher?.voucherUrl ?? null}
        orderNo={voucher?.orderNo ?? ''}
        reference={voucher?.reference ?? ''}
        onClose={() => setVoucher(null)}
      />
      <ModalForm<{ reason: string }>
        title={t('payment.admin.rejectTitle', { orderNo: rejecting?.orderNo ?? '' })}
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        initialValues={{ reason: '' }}
        okText={t('payment.admin.reject')}
        onFinish={async ({ reason }) => {
          if (!rejecting) return;
          await reject.mutateAsync({ orderNo: rejecting.orderNo, reason });
          void message.success(t('payment.admin.rejected'));
          void actionRef.current?.reload();
        }}
      >
        <Form.Item
          name="reason"
          label={t('payment.admin.rejectReason')}
          rules={[{ required: true, whitespace: true, message: t('payment.admin.rejectReasonRequired') }]}
        >
          <Input.TextArea
            maxLength={REJECT_REASON_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
            placeholder={t('payment.admin.rejectReasonPlaceholder')}
          />
        </Form.Item>
      </ModalForm>
      <ModalForm<{ reason: string }>
        title={t('payment.admin.refundTitle', { orderNo: refunding?.orderNo ?? '' })}
        open={refunding !== null}
        onClose={() => setRefunding(null)}
        initialValues={{ reason: '' }}
        okText={t('payment.admin.refund')}
        onFinish={async ({ reason }) => {
          if (!refunding) return;
          await refund.mutateAsync({ orderNo: refunding.orderNo, reason });
          void message.success(t('payment.admin.refunded'));
          void actionRef.current?.reload();
        }}
      >
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('payment.admin.refundContent', {
            amount: refunding ? money(refunding.amount, refunding.currency) : '',
          })}
        />
        {/* Both dialogs stay rendered with a `reason` field: this one gets its own id so each label finds its box. */}
        <Form.Item
          name="reason"
          htmlFor="refund-reason"
          label={t('payment.admin.refundReason')}
          rules={[{ required: true, whitespace: true, message: t('payment.admin.refundReasonRequired') }]}
        >
          <Input.TextArea
            id="refund-reason"
            maxLength={REFUND_REASON_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
            placeholder={t('payment.admin.refundReasonPlaceholder')}
          />
        </Form.Item>
      </ModalForm>
    </Flex>
  );
}
