import {
  type CreatedPayment,
  PAID_PAYMENT_STATES,
  PAY_QR_SIZE,
  PAYMENT_POLL_MS,
  type PayType,
} from '@kxt/contracts/payments';
import { Button, Flex, Result, Spin, theme } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../components/api/api-client.ts';
import { createPayment } from '../api/create-payment.ts';
import { getPaymentOrder } from '../api/payment-order.ts';
import { type PaymentSubject, paymentBody } from './payment-subject.ts';

/** The server closes expired orders itself; past this much after expiry the page stops waiting for it. */
const EXPIRY_GRACE_MS = 30_000;

type Phase = 'creating' | 'error' | 'waiting' | 'expired' | 'failed' | 'succeeded';

/** A link the sandbox provider serves from our own origin: worth a visible "open payment page" link. */
function sameOriginLink(link: string): boolean {
  try {
    return new URL(link, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * One QR pay type (scan, Alipay, WeChat): creates the order, draws its link as a 130×130 QR code and polls the
 * order every second while the code is on screen. Another tab, the dialog closing or unmounting stops the poll, and
 * so does any outcome; an expired or failed code offers a fresh one.
 */
export function QrPanel({
  payType,
  subject,
  active,
  onSucceeded,
}: {
  payType: PayType;
  subject: PaymentSubject;
  /** False once the dialog is closing: its content stays on screen for the fade, but the poll stops at once. */
  active: boolean;
  onSucceeded: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [attempt, setAttempt] = useState(0);
  const [created, setCreated] = useState<CreatedPayment | null>(null);
  const [phase, setPhase] = useState<Phase>('creating');
  const subjectKey = JSON.stringify(subject);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new order per pay type, subject and refresh
  useEffect(() => {
    let live = true;
    setPhase('creating');
    setCreated(null);
    createPayment(paymentBody(subject, payType)).then(
      (payment) => {
        if (!live) return;
        setCreated(payment);
        setPhase(payment.qrCode ? 'waiting' : 'error');
      },
      () => {
        if (live) setPhase('error');
      },
    );
    return () => {
      live = false;
    };
  }, [payType, subjectKey, attempt]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: onSucceeded is the parent's latest callback
  useEffect(() => {
    if (!active || phase !== 'waiting' || !created) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const stop = (next: Phase) => {
      stopped = true;
      setPhase(next);
    };
    const poll = async () => {
      try {
        const order = await getPaymentOrder(created.orderNo, controller.signal);
        if (stopped) return;
        if (PAID_PAYMENT_STATES.includes(order.state)) {
          stop('succeeded');
          onSucceeded();
          return;
        }
        if (order.state === 'failed') return stop('failed');
        if (order.state === 'closed') return stop('expired');
      } catch (error) {
        if (stopped || controller.signal.aborted) return;
        // A network blip is retried on the next tick; an answer refusing the order ends the wait.
        if (isApiError(error) && error.status !== 0) return stop('failed');
      }
      if (Date.now() > Date.parse(created.expiresAt) + EXPIRY_GRACE_MS) return stop('expired');
      timer = setTimeout(() => void poll(), PAYMENT_POLL_MS);
    };
    timer = setTimeout(() => void poll(), PAYMENT_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, [active, phase, created]);

  const refresh = (
    <Button type="primary" onClick={() => setAttempt((value) => value + 1)}>
      {t('payment.qr.refresh')}
    </Button>
  );

  if (phase === 'succeeded') {
    return <Result status="success" title={t('payment.succeeded')} subTitle={t('payment.succeededHint')} />;
  }
  if (phase === 'creating') {
    return (
      <Flex vertical align="center" gap="small" style={{ padding: token.paddingLG }}>
        <Spin />
        <span>{t('payment.qr.creating')}</span>
      </Flex>
    );
  }
  if (phase === 'error' || phase === 'failed' || phase === 'expired') {
    const text = {
      error: t('payment.qr.createFailed'),
      failed: t('payment.qr.failed'),
      expired: t('payment.qr.expired'),
    }[phase];
    return (
      <Flex vertical align="center" gap="middle" style={{ padding: token.paddingLG }} role="alert">
        <span style={{ color: token.colorError }}>{text}</span>
        {refresh}
      </Flex>
    );
  }
  const link = created?.qrCode ?? '';
  return (
    <Flex vertical align="center" gap="small" data-pay-link={link} data-order-no={created?.orderNo}>
      <div role="img" aria-label={t('payment.qr.imageLabel')} style={{ lineHeight: 0 }}>
        <QRCodeSVG value={link} size={PAY_QR_SIZE} marginSize={0} />
      </div>
      <span>{t('payment.qr.hint')}</span>
      <span style={{ color: token.colorTextSecondary }}>{t('payment.qr.waiting')}</span>
      {sameOriginLink(link) ? (
        <a href={link} target="_blank" rel="noreferrer">
          {t('payment.qr.openPage')}
        </a>
      ) : null}
    </Flex>
  );
}
