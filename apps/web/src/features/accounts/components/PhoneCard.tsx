import { MAINLAND_MOBILE, type PhoneChangeBody } from '@kxt/contracts/accounts';
import type { CurrentUser } from '@kxt/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { currentUserQueryKey } from '../../../components/session/current-user.ts';
import { changePhone, requestPhoneCode } from '../api/accounts.ts';
import { codeRules, mobileRules } from './field-rules.ts';
import { showApiError } from './form-errors.ts';
import { SmsCodeInput } from './SmsCodeInput.tsx';

const FIELDS = ['mobile', 'code'];

/** The mobile number; a new one takes effect once the code sent to it is entered. */
export function PhoneCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const message = useMessageApi();
  const [form] = Form.useForm<PhoneChangeBody>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const mobile = Form.useWatch('mobile', form) ?? '';
  const sendCode = async () => {
    setFailure(null);
    try {
      return (await requestPhoneCode(mobile.trim())).resendAfterSeconds;
    } catch (error) {
      setFailure(showApiError(form, error, t('errors.crash.subTitle'), FIELDS));
      throw error;
    }
  };
  const submit = async (values: PhoneChangeBody) => {
    setFailure(null);
    setSaving(true);
    try {
      await changePhone(values);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void message.success(t('accounts.profile.phoneChanged'));
    } catch (error) {
      setFailure(showApiError(form, error, t('errors.crash.subTitle'), FIELDS));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title={t('account.phone')}>
      <Typography.Paragraph>
        {t('accounts.profile.currentPhone')}{' '}
        <Typography.Text strong>{user.phone ?? t('common.empty')}</Typography.Text>
      </Typography.Paragraph>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form<PhoneChangeBody>
        form={form}
        name="phone"
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
      >
        <Form.Item name="mobile" label={t('accounts.profile.newPhone')} rules={mobileRules(t)}>
          <Input inputMode="tel" maxLength={11} autoComplete="tel-national" />
        </Form.Item>
        <Form.Item name="code" label={t('accounts.code.label')} rules={codeRules(t)}>
          <SmsCodeInput onSend={sendCode} canSend={MAINLAND_MOBILE.test(mobile.trim())} />
        </Form.Item>
        <Button htmlType="submit" loading={saving}>
          {t('accounts.profile.changePhone')}
        </Button>
      </Form>
    </Card>
  );
}
