import {
  COMPANY_NAME_MAX,
  DISPLAY_NAME_MAX,
  MAINLAND_MOBILE,
  type RegisterBody,
} from '@kxt/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { LOGIN_PATH, PORTAL_HOME_PATH } from '../../../components/routing/paths.ts';
import { resetSession, useCurrentUser } from '../../../components/session/current-user.ts';
import { register, requestRegisterCode } from '../api/accounts.ts';
import { codeRules, mobileRules, newPasswordRules } from '../components/field-rules.ts';
import { showApiError } from '../components/form-errors.ts';
import { PublicCard } from '../components/PublicCard.tsx';
import { SmsCodeInput } from '../components/SmsCodeInput.tsx';

const REGISTER_FIELDS = ['mobile', 'code', 'displayName', 'companyName', 'password'];

/**
 * /register: a customer signs up with their mobile number and an SMS code, their name, company and a password. The
 * company starts pending verification; the new user lands in the portal, logged in.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useCurrentUser();
  const [form] = Form.useForm<RegisterBody>();
  const [failure, setFailure] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const mobile = Form.useWatch('mobile', form) ?? '';
  const signUp = useMutation({
    mutationFn: register,
    onSuccess: (user) => resetSession(queryClient, user),
    onError: (error) => setFailure(showApiError(form, error, t('errors.crash.subTitle'), REGISTER_FIELDS)),
  });

  if (session.data) return <Navigate to={PORTAL_HOME_PATH} replace />;

  const sendCode = async () => {
    setFailure(null);
    try {
      const answer = await requestRegisterCode(mobile.trim());
      setCodeSent(true);
      return answer.resendAfterSeconds;
    } catch (error) {
      setFailure(showApiError(form, error, t('errors.crash.subTitle'), REGISTER_FIELDS));
      throw error;
    }
  };

  return (
    <PublicCard title={t('accounts.register.title')}>
      <Typography.Paragraph type="secondary">{t('accounts.register.intro')}</Typography.Paragraph>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      {codeSent && !failure ? (
        <Alert type="info" showIcon title={t('accounts.code.sent')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<RegisterBody>
        form={form}
        name="register"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => {
          setFailure(null);
          signUp.mutate(values);
        }}
      >
        <Form.Item name="mobile" label={t('accounts.mobile.label')} rules={mobileRules(t)}>
          <Input inputMode="tel" autoComplete="tel-national" maxLength={11} autoFocus />
        </Form.Item>
        <Form.Item name="code" label={t('accounts.code.label')} rules={codeRules(t)}>
          <SmsCodeInput onSend={sendCode} canSend={MAINLAND_MOBILE.test(mobile.trim())} />
        </Form.Item>
        <Form.Item
          name="displayName"
          label={t('accounts.register.displayName')}
          rules={[{ required: true, whitespace: true, message: t('accounts.register.displayNameRequired') }]}
        >
          <Input autoComplete="name" maxLength={DISPLAY_NAME_MAX} />
        </Form.Item>
        <Form.Item
          name="companyName"
          label={t('accounts.register.companyName')}
          extra={t('accounts.register.companyHint')}
          rules={[
            { required: true, whitespace: true, message: t('accounts.register.companyRequired') },
            { min: 2, message: t('accounts.register.companyRequired') },
          ]}
        >
          <Input autoComplete="organization" maxLength={COMPANY_NAME_MAX} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('accounts.password.new')}
          extra={t('accounts.password.hint')}
          rules={newPasswordRules(t)}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block loading={signUp.isPending}>
            {t('accounts.register.submit')}
          </Button>
        </Form.Item>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center', marginBottom: 0 }}>
        {t('accounts.register.haveAccount')} <Link to={LOGIN_PATH}>{t('accounts.register.toLogin')}</Link>
      </Typography.Paragraph>
    </PublicCard>
  );
}
