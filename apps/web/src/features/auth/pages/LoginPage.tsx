import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { type LoginBody, PASSWORD_MAX, USERNAME_MAX } from '@kxt/contracts/auth';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../components/api/api-client.ts';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { PublicCard } from '../../../components/PublicCard.tsx';
import {
  afterLoginPath,
  REGISTER_PATH,
  RESET_PASSWORD_PATH,
  twoFactorPath,
} from '../../../components/routing/paths.ts';
import { useCurrentUser } from '../../../components/session/current-user.ts';
import { useLogin } from '../api/login.ts';

const FORM_FIELDS: readonly string[] = ['username', 'password'] satisfies (keyof LoginBody)[];

export default function LoginPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const session = useCurrentUser();
  const login = useLogin();
  const [form] = Form.useForm<LoginBody>();

  // Logged in (already, or just now): go where the user came from, or home.
  if (session.data) {
    const next = afterLoginPath(session.data.role, searchParams.get('redirect'));
    // Straight to the second factor when the session owes it (the guard would send it there too, one hop later).
    return <Navigate to={session.data.pendingSecondFactor ? twoFactorPath(next) : next} replace />;
  }
  if (session.isPending) return <PageLoading />;

  const submit = (values: LoginBody) => {
    login.mutate(values, {
      onError: (error) => {
        if (!isApiError(error)) return;
        form.setFields(
          Object.entries(error.fields)
            .filter(([name]) => FORM_FIELDS.includes(name))
            .map(([name, message]) => ({ name: name as keyof LoginBody, errors: [message] })),
        );
      },
    });
  };

  return (
    <PublicCard title={t('auth.login.subtitle')}>
      {login.error ? (
        <Alert
          type="error"
          showIcon
          title={isApiError(login.error) ? login.error.msg : t('errors.crash.subTitle')}
          style={{ marginBottom: 24 }}
        />
      ) : null}
      <Form<LoginBody> form={form} name="login" layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          name="username"
          label={t('auth.login.username')}
          rules={[
            { required: true, whitespace: true, message: t('auth.login.usernameRequired') },
            { max: USERNAME_MAX, message: t('auth.login.tooLong', { max: USERNAME_MAX }) },
          ]}
        >
          <Input
            prefix={<UserOutlined />}
            autoComplete="username"
            placeholder={t('auth.login.usernamePlaceholder')}
            autoFocus
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.login.password')}
          rules={[
            { required: true, message: t('auth.login.passwordRequired') },
            { max: PASSWORD_MAX, message: t('auth.login.tooLong', { max: PASSWORD_MAX }) },
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            placeholder={t('auth.login.passwordPlaceholder')}
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            {t('auth.login.submit')}
          </Button>
        </Form.Item>
      </Form>
      <Flex justify="space-between" wrap gap="small">
        <Link to={RESET_PASSWORD_PATH}>{t('accounts.login.forgot')}</Link>
        <Link to={REGISTER_PATH}>{t('accounts.login.register')}</Link>
      </Flex>
    </PublicCard>
  );
}
