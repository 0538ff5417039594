import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Result, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PublicCard } from '../../../components/PublicCard.tsx';
import { LOGIN_PATH } from '../../../components/routing/paths.ts';
import { requestReset, resetByLink, resetBySms, resetChannels } from '../api/accounts.ts';
import { MobileWithCodeFields, NewPasswordField } from '../components/AccountFields.tsx';
import { useFormSubmit } from '../components/form-errors.ts';

type Channel = 'sms' | 'email';
const RESET_FIELDS = ['mobile', 'code', 'email', 'password'];

/**
 * /reset-password: a forgotten password is replaced with an SMS code to the account's mobile, or with the link an
 * e-mail carries (`?token=`). The page never says whether an account exists; every session ends on success.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <PublicCard title={t('accounts.reset.title')}>
        <Result
          status="success"
          title={t('accounts.reset.done')}
          extra={
            <Link to={LOGIN_PATH}>
              <Button type="primary">{t('accounts.reset.toLogin')}</Button>
            </Link>
          }
        />
      </PublicCard>
    );
  }
  return (
    <PublicCard title={t('accounts.reset.title')}>
      {token ? (
        <LinkReset token={token} onDone={() => setDone(true)} />
      ) : (
        <RequestReset onDone={() => setDone(true)} />
      )}
      <Typography.Paragraph style={{ textAlign: 'center', marginBottom: 0, marginTop: 16 }}>
        <Link to={LOGIN_PATH}>{t('accounts.reset.backToLogin')}</Link>
      </Typography.Paragraph>
    </PublicCard>
  );
}

function RequestReset({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const channels = useQuery({ queryKey: ['account', 'reset-channels'], queryFn: resetChannels });
  const [channel, setChannel] = useState<Channel>('sms');
  return (
    <>
      {channels.data?.email ? (
        <Segmented<Channel>
          block
          value={channel}
          onChange={setChannel}
          options={[
            { value: 'sms', label: t('accounts.reset.bySms') },
            { value: 'email', label: t('accounts.reset.byEmail') },
          ]}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {channel === 'sms' ? <SmsReset onDone={onDone} /> : <EmailReset />}
    </>
  );
}

interface SmsValues {
  mobile: string;
  code: string;
  password: string;
}

function SmsReset({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SmsValues>();
  const { failure, busy, run, report, clearFailure } = useFormSubmit(form, RESET_FIELDS);
  const [codeSent, setCodeSent] = useState(false);
  const mobile = Form.useWatch('mobile', form) ?? '';
  const sendCode = async () => {
    clearFailure();
    try {
      const answer = await requestReset({ channel: 'sms', mobile: mobile.trim() });
      setCodeSent(true);
      return answer.resendAfterSeconds;
    } catch (error) {
      report(error);
      throw error;
    }
  };
  const submit = (values: SmsValues) =>
    run(async () => {
      await resetBySms(values);
      onDone();
    });
  return (
    <Form<SmsValues> form={form} name="reset-sms" layout="vertical" requiredMark={false} onFinish={submit}>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      {codeSent && !failure ? (
        <Alert type="info" showIcon title={t('accounts.reset.codeSent')} style={{ marginBottom: 16 }} />
      ) : null}
      <MobileWithCodeFields mobile={mobile} onSend={sendCode} autoFocus />
      <NewPasswordField />
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('accounts.reset.submit')}
      </Button>
    </Form>
  );
}

function EmailReset() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string }>();
  const { failure, busy, run } = useFormSubmit(form, RESET_FIELDS);
  const [sent, setSent] = useState(false);
  const submit = ({ email }: { email: string }) =>
    run(async () => {
      await requestReset({ channel: 'email', email: email.trim() });
      setSent(true);
    });
  if (sent) return <Alert type="success" showIcon title={t('accounts.reset.linkSent')} />;
  return (
    <Form<{ email: string }>
      form={form}
      name="reset-email"
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form.Item
        name="email"
        label={t('accounts.email.label')}
        rules={[{ required: true, type: 'email', message: t('accounts.email.invalid') }]}
      >
        <Input type="email" autoComplete="email" autoFocus />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('accounts.reset.sendLink')}
      </Button>
    </Form>
  );
}

function LinkReset({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const { failure, busy, run } = useFormSubmit(form, RESET_FIELDS);
  const submit = ({ password }: { password: string }) =>
    run(async () => {
      await resetByLink({ token, password });
      onDone();
    });
  return (
    <Form<{ password: string }>
      form={form}
      name="reset-link"
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <NewPasswordField autoFocus />
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('accounts.reset.submit')}
      </Button>
    </Form>
  );
}
