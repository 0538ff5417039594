import type { TwoFactorEnrolment } from '@kxt/contracts/accounts';
import { Alert, Button, Flex, Form, Input, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../components/api/api-client.ts';
import { PublicCard } from '../../../components/PublicCard.tsx';
import { afterLoginPath } from '../../../components/routing/paths.ts';
import { useSessionUser } from '../../../components/session/current-user.ts';
import { useLogout } from '../../auth/api/logout.ts';
import {
  useConfirmEnrolment,
  useRefreshSession,
  useStartEnrolment,
  useTwoFactorStatus,
  useVerifySecondFactor,
} from '../api/two-factor.ts';

/** The code field both steps use: six digits from the app (or, when verifying, a recovery code). */
function CodeForm({
  label,
  submitText,
  loading,
  error,
  onSubmit,
}: {
  label: string;
  submitText: string;
  loading: boolean;
  error: unknown;
  onSubmit: (code: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={({ code }: { code: string }) => onSubmit(code.trim())}
    >
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={isApiError(error) ? error.msg : t('errors.crash.subTitle')}
        />
      ) : null}
      <Form.Item
        name="code"
        label={label}
        rules={[{ required: true, whitespace: true, message: t('accounts.fields.required') }]}
      >
        <Input autoComplete="one-time-code" autoFocus maxLength={20} style={{ letterSpacing: 2 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading}>
        {submitText}
      </Button>
    </Form>
  );
}

function Verify({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const verify = useVerifySecondFactor();
  return (
    <Flex vertical gap="middle">
      <Typography.Paragraph style={{ margin: 0 }}>{t('accounts.twoFactor.verifyIntro')}</Typography.Paragraph>
      <CodeForm
        label={t('accounts.twoFactor.codeOrRecovery')}
        submitText={t('accounts.twoFactor.verify')}
        loading={verify.isPending}
        error={verify.error}
        onSubmit={(code) => verify.mutate(code, { onSuccess: onDone })}
      />
    </Flex>
  );
}

function Enrol({ required, onDone }: { required: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const refresh = useRefreshSession();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);

  if (confirm.data) {
    return (
      <Flex vertical gap="middle">
        <Alert type="success" showIcon title={t('accounts.twoFactor.enabled')} />
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('accounts.twoFactor.recoveryIntro')}
        </Typography.Paragraph>
        <Typography.Paragraph
          copyable={{ text: confirm.data.recoveryCodes.join('\n') }}
          code
          data-testid="recovery-codes"
          style={{ whiteSpace: 'pre-line', fontSize: 15, lineHeight: 1.8, margin: 0 }}
        >
          {confirm.data.recoveryCodes.join('\n')}
        </Typography.Paragraph>
        <Button type="primary" block onClick={() => void refresh().then(onDone)}>
          {t('accounts.twoFactor.savedCodes')}
        </Button>
      </Flex>
    );
  }
  if (!enrolment) {
    return (
      <Flex vertical gap="middle">
        <Typography.Paragraph style={{ margin: 0 }}>
          {required ? t('accounts.twoFactor.requiredIntro') : t('accounts.twoFactor.optionalIntro')}
        </Typography.Paragraph>
        <Button
          type="primary"
          block
          loading={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: setEnrolment })}
        >
          {t('accounts.twoFactor.start')}
        </Button>
      </Flex>
    );
  }
  return (
    <Flex vertical gap="middle">
      <Typography.Paragraph style={{ margin: 0 }}>{t('accounts.twoFactor.scan')}</Typography.Paragraph>
      <Flex justify="center">
        <img src={enrolment.qrDataUrl} alt={t('accounts.twoFactor.qrAlt')} width={220} height={220} />
      </Flex>
      <Typography.Text type="secondary">{t('accounts.twoFactor.manual')}</Typography.Text>
      <Typography.Text code copyable data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
        {enrolment.secret}
      </Typography.Text>
      <CodeForm
        label={t('accounts.twoFactor.firstCode')}
        submitText={t('accounts.twoFactor.confirm')}
        loading={confirm.isPending}
        error={confirm.error}
        onSubmit={(code) => confirm.mutate(code)}
      />
    </Flex>
  );
}

/**
 * `/account/two-factor`: right after the password, the code (or a recovery code) of an enrolled user, or the
 * enrolment admin and finance must do before anything else; later, the same page lets anyone turn it on.
 */
export default function TwoFactorPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const status = useTwoFactorStatus();
  const [searchParams] = useSearchParams();
  const [finished, setFinished] = useState(false);
  // Opened to finish a login: once the session owes nothing (the refreshed user says so), go on.
  const [openedPending] = useState(user.pendingSecondFactor);
  const logout = useLogout();
  const next = afterLoginPath(user.role, searchParams.get('redirect'));

  if ((finished || openedPending) && !user.pendingSecondFactor) return <Navigate to={next} replace />;
  const title =
    user.pendingSecondFactor === 'verify'
      ? t('accounts.twoFactor.verifyTitle')
      : t('accounts.twoFactor.title');
  if (status.isPending) {
    return (
      <PublicCard title={title}>
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      </PublicCard>
    );
  }
  if (!status.data) {
    return (
      <PublicCard title={title}>
        <Alert
          type="error"
          showIcon
          title={isApiError(status.error) ? status.error.msg : t('errors.crash.subTitle')}
        />
      </PublicCard>
    );
  }
  const done = () => setFinished(true);
  return (
    <PublicCard title={title}>
      {user.pendingSecondFactor === 'verify' ? (
        <Verify onDone={done} />
      ) : status.data.enrolled ? (
        <Result
          status="success"
          title={t('accounts.twoFactor.on')}
          subTitle={t('accounts.twoFactor.codesLeft', { count: status.data.recoveryCodesLeft })}
          extra={<Button href={next}>{t('accounts.twoFactor.back')}</Button>}
        />
      ) : (
        <Enrol required={status.data.required} onDone={done} />
      )}
      {user.pendingSecondFactor ? (
        // Without the authenticator at hand the way out is to log out, not to be stuck on this page.
        <Button
          type="link"
          block
          loading={logout.isPending}
          onClick={() => logout.mutate()}
          style={{ marginTop: 8 }}
        >
          {t('auth.logout')}
        </Button>
      ) : null}
    </PublicCard>
  );
}
