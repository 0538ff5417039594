import { Button, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface SmsCodeInputProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Sends a code; answers the seconds until another may be asked for. Rejects when it was not sent. */
  onSend: () => Promise<number>;
  /** False while the number is not valid yet. */
  canSend: boolean;
}

/** The six-digit code field with its 获取验证码 button, which counts down until another code may be sent. */
export function SmsCodeInput({ value, onChange, onSend, canSend }: SmsCodeInputProps) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const send = async () => {
    setSending(true);
    try {
      setWait(await onSend());
    } catch {
      // The caller shows why; the button is free to try again.
    } finally {
      setSending(false);
    }
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        value={value}
        onChange={(event) => onChange?.(event.target.value.replace(/\D/g, '').slice(0, 6))}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('accounts.code.placeholder')}
        aria-label={t('accounts.code.label')}
      />
      <Button onClick={() => void send()} loading={sending} disabled={!canSend || wait > 0}>
        {wait > 0 ? t('accounts.code.resendIn', { seconds: wait }) : t('accounts.code.send')}
      </Button>
    </Space.Compact>
  );
}
