import { DEFAULT_RETURN_PATH, PAY_TYPES } from '@kxt/contracts/payments';
import { Button, Flex, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createPayment } from '../api/create-payment.ts';
import { type PaymentSubject, paymentBody } from './payment-subject.ts';

/** Sends the browser away to the card provider, which brings it back to `origin + DEFAULT_RETURN_PATH` (spec §7). */
export function redirectTo(url: string): void {
  window.location.assign(url);
}

/** The cross-border card tab: one button that creates the order and follows its redirect url. */
export function CardPanel({ subject }: { subject: PaymentSubject }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [busy, setBusy] = useState(false);

  const pay = async () => {
    setBusy(true);
    try {
      const payment = await createPayment(
        paymentBody(subject, PAY_TYPES.card, { returnUrl: window.location.origin + DEFAULT_RETURN_PATH }),
      );
      if (payment.redirectUrl) {
        redirectTo(payment.redirectUrl);
        return; // Keep the button busy while the browser leaves.
      }
    } catch {
      // The API client has shown the error.
    }
    setBusy(false);
  };

  return (
    <Flex vertical align="center" gap="middle" style={{ padding: token.paddingLG }}>
      <span>{t('payment.card.hint')}</span>
      <Button type="primary" loading={busy} onClick={() => void pay()}>
        {busy ? t('payment.card.redirecting') : t('payment.card.go')}
      </Button>
    </Flex>
  );
}
