import type { AgreementInfo } from '@kxt/contracts/agreements';
import { Button, Checkbox, Input, Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { NetworkError, sendCode, verifyCode } from './api.ts';
import { useI18n } from './i18n.tsx';

export interface IdentityPopupProps {
  visible: boolean;
  code: string;
  signer: AgreementInfo['signer'];
  consent: AgreementInfo['consent'];
  onClose: () => void;
  /** The code was confirmed: the page reloads the agreement and opens the pad. */
  onConfirmed: () => void;
  /** Five wrong codes locked the link. */
  onLocked: () => void;
}

/** A failure to show: a message of this page (re-translated when the language changes) or the server's own. */
type Problem = { key: 'networkError' | 'identity.codeInvalid' } | { text: string } | null;

/**
 * The identity check before the pad opens: the signer asks for a code sent to the masked mobile number, types the six
 * digits and ticks the consent to sign electronically (its text and version come from the server, which records
 * them). Loaded with the first tap on 确认签署, like the pad.
 */
export default function IdentityPopup({
  visible,
  code,
  signer,
  consent,
  onClose,
  onConfirmed,
  onLocked,
}: IdentityPopupProps) {
  const { t, language } = useI18n();
  const [otp, setOtp] = useState('');
  const [consented, setConsented] = useState(false);
  const [waitSeconds, setWaitSeconds] = useState(0);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null);
  const [problem, setProblem] = useState<Problem>(null);

  useEffect(() => {
    if (waitSeconds <= 0) return;
    const timer = window.setTimeout(() => setWaitSeconds((seconds) => seconds - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [waitSeconds]);

  const request = async () => {
    setBusy('send');
    setProblem(null);
    try {
      const answer = await sendCode(code, language);
      if (answer.code === 200 && answer.data) {
        setSentTo(answer.data.maskedMobile);
        setWaitSeconds(answer.data.resendAfter);
      } else {
        if (answer.code === 423) onLocked();
        setProblem({ text: answer.msg });
      }
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      setProblem({ key: 'networkError' });
    } finally {
      setBusy(null);
    }
  };

  const verify = async () => {
    if (!/^\d{6}$/.test(otp)) {
      setProblem({ key: 'identity.codeInvalid' });
      return;
    }
    setBusy('verify');
    setProblem(null);
    try {
      const answer = await verifyCode(code, otp, consent.version, language);
      if (answer.code === 200) onConfirmed();
      else {
        if (answer.code === 423) onLocked();
        setProblem({ text: answer.msg });
      }
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      setProblem({ key: 'networkError' });
    } finally {
      setBusy(null);
    }
  };

  const problemText = problem ? ('key' in problem ? t(problem.key) : problem.text) : '';

  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="sign-identity" destroyOnClose>
      <div className="sign-identity__header">
        <strong>{t('identity.title')}</strong>
        <button type="button" className="sign-identity__close" onClick={onClose}>
          {t('pad.close')}
        </button>
      </div>
      <p className="sign-identity__signer">
        {t('identity.signer', { name: signer.name, mobile: signer.maskedMobile })}
      </p>
      <div className="sign-identity__code">
        <Input
          aria-label={t('identity.codeLabel')}
          placeholder={t('identity.codePlaceholder')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={otp}
          onChange={(value) => setOtp(value.replace(/\D/g, ''))}
        />
        <Button
          size="small"
          color="primary"
          fill="outline"
          loading={busy === 'send'}
          disabled={waitSeconds > 0 || busy !== null}
          onClick={() => void request()}
        >
          {waitSeconds > 0
            ? t('identity.resendIn', { seconds: waitSeconds })
            : sentTo
              ? t('identity.resend')
              : t('identity.send')}
        </Button>
      </div>
      {sentTo && <p className="sign-identity__sent">{t('identity.sent', { mobile: sentTo })}</p>}
      <Checkbox className="sign-identity__consent" checked={consented} onChange={setConsented}>
        {consent.text[language]}
      </Checkbox>
      {problemText && (
        <p className="sign-identity__problem" role="alert">
          {problemText}
        </p>
      )}
      <Button
        block
        color="primary"
        loading={busy === 'verify'}
        disabled={!consented || otp.length !== 6 || busy !== null}
        onClick={() => void verify()}
      >
        {t('identity.verify')}
      </Button>
    </Popup>
  );
}
