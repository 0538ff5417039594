import { PAY_SUCCESS_CLOSE_MS, PAY_TYPE_ORDER, PAY_TYPES, type PayType } from '@kxt/contracts/payments';
import { Alert, Button, Flex, Modal, Spin, Tabs, theme } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLatestPayment } from '../api/latest-payment.ts';
import { usePaymentMethods } from '../api/payment-methods.ts';
import { CardPanel } from './CardPanel.tsx';
import { useMoney } from './money.ts';
import type { PaymentSubject } from './payment-subject.ts';
import { QrPanel } from './QrPanel.tsx';
import { TransferPanel } from './TransferPanel.tsx';

export interface PayDialogProps {
  open: boolean;
  /** A patent order's authorization fee. */
  serviceCode?: string;
  /** A catalogue product (the purchase page). */
  productId?: number;
  /** A trademark watch (its page): `quantity` years. */
  watchId?: number;
  quantity?: number;
  mark?: string;
  /** Integer fen, as the page shows it. */
  amount: number;
  currency: string;
  onClose(): void;
  /** The money arrived (scan, Alipay, WeChat); called after the dialog closes. A submitted transfer only closes. */
  onPaid(): void;
}

/**
 * The pay dialog (spec §4, §5, §9): one tab per configured pay type in the spec's order (scan, Alipay, WeChat,
 * transfer, card), the amount, and finance's reason when the last transfer of this fee was rejected. A paid QR
 * shows 'payment succeeded' and closes after PAY_SUCCESS_CLOSE_MS. The default export, so pages load it lazily.
 */
export default function PayDialog({
  open,
  serviceCode,
  productId,
  watchId,
  quantity,
  mark,
  amount,
  currency,
  onClose,
  onPaid,
}: PayDialogProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const money = useMoney();
  const methods = usePaymentMethods(open);
  const latest = useLatestPayment(serviceCode, open);
  const [chosen, setChosen] = useState<PayType | null>(null);
  const [paid, setPaid] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const callbacks = useRef({ onClose, onPaid });
  callbacks.current = { onClose, onPaid };

  // Each opening starts on the first tab, unpaid.
  useEffect(() => {
    if (!open) {
      setChosen(null);
      setPaid(false);
    }
  }, [open]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const configured = PAY_TYPE_ORDER.filter((type) => methods.data?.includes(type));
  const active = chosen !== null && configured.includes(chosen) ? chosen : configured[0];
  const subject: PaymentSubject = { serviceCode, productId, watchId, quantity, mark, amount };

  const finish = () => {
    clearTimeout(closeTimer.current);
    callbacks.current.onClose();
    callbacks.current.onPaid();
  };
  const succeeded = () => {
    setPaid(true);
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(finish, PAY_SUCCESS_CLOSE_MS);
  };
  const close = () => {
    if (paid) finish();
    else onClose();
  };

  const panel = (type: PayType): ReactNode => {
    if (type === PAY_TYPES.transfer) return <TransferPanel subject={subject} onSubmitted={onClose} />;
    if (type === PAY_TYPES.card) return <CardPanel subject={subject} />;
    return <QrPanel key={type} payType={type} subject={subject} active={open} onSucceeded={succeeded} />;
  };

  const rejected = latest.data?.state === 'rejected' ? latest.data : null;

  let body: ReactNode;
  if (methods.isPending) {
    body = (
      <Flex justify="center" style={{ padding: token.paddingLG }}>
        <Spin aria-label={t('common.loading')} />
      </Flex>
    );
  } else if (methods.isError) {
    body = (
      <Flex vertical align="center" gap="small" role="alert">
        <span style={{ color: token.colorError }}>{t('payment.methodsError')}</span>
        <Button size="small" onClick={() => void methods.refetch()}>
          {t('common.retry')}
        </Button>
      </Flex>
    );
  } else if (active === undefined) {
    body = <Alert type="warning" showIcon title={t('payment.noMethods')} />;
  } else {
    body = (
      <Tabs
        activeKey={String(active)}
        onChange={(key) => {
          if (!paid) setChosen(Number(key) as PayType);
        }}
        centered
        items={configured.map((type) => ({
          key: String(type),
          label: t(`payment.payTypes.${type}`),
          disabled: paid && type !== active,
          // Only the visible tab is mounted: leaving a QR tab stops its poll.
          children: type === active ? panel(type) : null,
        }))}
      />
    );
  }

  return (
    <Modal
      open={open}
      title={t('payment.title')}
      footer={null}
      // Wide enough for all five methods' tabs in English, whose names are longer, without a "…" menu.
      width={640}
      onCancel={close}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Flex vertical gap="middle">
        {rejected ? (
          <Alert
            type="error"
            showIcon
            title={t('payment.transfer.rejected')}
            description={t('payment.transfer.rejectReason', { reason: rejected.rejectReason ?? '' })}
          />
        ) : null}
        <Flex justify="center" align="baseline" gap="small">
          <span>{t('payment.amount')}</span>
          <strong style={{ fontSize: token.fontSizeHeading3, color: token.colorError }} data-amount={amount}>
            {money(amount, currency)}
          </strong>
        </Flex>
        {body}
      </Flex>
    </Modal>
  );
}
