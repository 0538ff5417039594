import type { AccountLinkAccept } from '@kxt/contracts/accounts';
import { Alert, Button, Form, Input, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { isApiError } from '../../../components/api/api-client.ts';
import { PublicCard } from '../../../components/PublicCard.tsx';
import { homePathFor, LOGIN_PATH } from '../../../components/routing/paths.ts';
import { useAcceptLink, useAccountLink } from '../api/account-link.ts';

/** `/invite/:token`: an invitee (or a user whose password was reset) sets name and password, then is logged in. */
export default function InvitePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const link = useAccountLink(token);
  const accept = useAcceptLink(token);
  const [form] = Form.useForm<AccountLinkAccept & { repeat: string }>();

  useEffect(() => {
    if (link.data)
      form.setFieldsValue({ username: link.data.suggestedUsername, displayName: link.data.displayName });
  }, [link.data, form]);

  if (accept.data) {
    const next = accept.data.pendingSecondFactor ? '/account/two-factor' : homePathFor(accept.data.role);
    return <Navigate to={next} replace />;
  }
  const subtitle =
    link.data?.purpose === 'reset' ? t('accounts.invite.resetTitle') : t('accounts.invite.title');

  if (link.isPending) {
    return (
      <PublicCard title={t('accounts.invite.title')}>
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      </PublicCard>
    );
  }
  if (link.isError || !link.data) {
    return (
      <PublicCard title={t('accounts.invite.title')}>
        <Alert
          type="error"
          showIcon
          title={isApiError(link.error) ? link.error.msg : t('errors.crash.subTitle')}
          role="alert"
          style={{ marginBottom: 24 }}
        />
        <Link to={LOGIN_PATH}>{t('accounts.invite.toLogin')}</Link>
      </PublicCard>
    );
  }

  return (
    <PublicCard title={subtitle}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 24 }}
        title={
          link.data.companyName
            ? t('accounts.invite.forCompany', { company: link.data.companyName })
            : t('accounts.invite.intro')
        }
      />
      {accept.error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 24 }}
          title={isApiError(accept.error) ? accept.error.msg : t('errors.crash.subTitle')}
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ repeat: _repeat, ...values }) =>
          accept.mutate(values, {
            onError: (error) => {
              if (!isApiError(error)) return;
              form.setFields(
                Object.entries(error.fields)
                  .filter(([name]) => ['username', 'displayName', 'password'].includes(name))
                  .map(([name, message]) => ({ name: name as 'password', errors: [message] })),
              );
            },
          })
        }
      >
        <Form.Item
          name="username"
          label={t('accounts.fields.username')}
          extra={link.data.usernameFixed ? undefined : t('accounts.invite.usernameHint')}
          rules={[
            { required: true, whitespace: true, message: t('accounts.fields.required') },
            { pattern: /^[A-Za-z0-9._-]+$/, message: t('accounts.fields.usernameRule') },
            { max: 64 },
          ]}
        >
          <Input autoComplete="username" disabled={link.data.usernameFixed} />
        </Form.Item>
        <Form.Item
          name="displayName"
          label={t('accounts.fields.displayName')}
          rules={[{ required: true, whitespace: true, message: t('accounts.fields.required') }, { max: 100 }]}
        >
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('accounts.invite.password')}
          extra={t('accounts.invite.passwordHint')}
          rules={[
            { required: true, message: t('accounts.fields.required') },
            { min: 10, message: t('accounts.invite.passwordTooShort') },
            { max: 128 },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeat"
          label={t('accounts.invite.repeat')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('accounts.fields.required') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value) => {
                if (value && value !== getFieldValue('password'))
                  throw new Error(t('accounts.invite.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={accept.isPending}>
          {t('accounts.invite.submit')}
        </Button>
      </Form>
    </PublicCard>
  );
}
