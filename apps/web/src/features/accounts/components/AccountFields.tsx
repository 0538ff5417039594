import { MAINLAND_MOBILE } from '@kxt/contracts/accounts';
import { Form, Input } from 'antd';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { codeRules, mobileRules, newPasswordRules } from './field-rules.ts';
import { SmsCodeInput } from './SmsCodeInput.tsx';

interface MobileWithCodeFieldsProps {
  /** The mobile typed so far (`Form.useWatch('mobile', form)`): 获取验证码 waits for a valid one. */
  mobile: string | undefined;
  /** Sends the code; resolves with the seconds to wait before another. */
  onSend: () => Promise<number>;
  mobileLabelKey?: ParseKeys;
  /** On the public pages the number is the first thing to type; not on the profile, among other cards. */
  autoFocus?: boolean;
}

/** A mainland mobile number and the 6-digit code sent to it, as sign-up, reset and the profile ask for them. */
export function MobileWithCodeFields({
  mobile,
  onSend,
  mobileLabelKey = 'accounts.mobile.label',
  autoFocus = false,
}: MobileWithCodeFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="mobile" label={t(mobileLabelKey)} rules={mobileRules(t)}>
        <Input inputMode="tel" autoComplete="tel-national" maxLength={11} autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item name="code" label={t('accounts.code.label')} rules={codeRules(t)}>
        <SmsCodeInput onSend={onSend} canSend={MAINLAND_MOBILE.test((mobile ?? '').trim())} />
      </Form.Item>
    </>
  );
}

/** A new password with the policy's hint and the limits the server enforces too. */
export function NewPasswordField({
  name = 'password',
  autoFocus = false,
}: {
  name?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t('accounts.password.new')}
      extra={t('accounts.password.hint')}
      rules={newPasswordRules(t)}
    >
      <Input.Password autoComplete="new-password" autoFocus={autoFocus} />
    </Form.Item>
  );
}
