import { COMPANY_NAME_MAX, DISPLAY_NAME_MAX, type RegisterBody } from '@kxt/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { PublicCard } from '../../../components/PublicCard.tsx';
import { LOGIN_PATH, PORTAL_HOME_PATH } from '../../../components/routing/paths.ts';
import { resetSession, useCurrentUser } from '../../../components/session/current-user.ts';
import { register, requestRegisterCode } from '../api/accounts.ts';
import { MobileWithCodeFields, NewPasswordField } from '../components/AccountFields.tsx';
import { showApiError } from '../components/form-errors.ts';

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
        <MobileWithCodeFields mobile={mobile} onSend={sendCode} autoFocus />
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
        <NewPasswordField />
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
