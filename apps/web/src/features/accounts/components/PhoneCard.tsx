import type { PhoneChangeBody } from '@kxt/contracts/accounts';
import type { CurrentUser } from '@kxt/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { currentUserQueryKey } from '../../../components/session/current-user.ts';
import { changePhone, requestPhoneCode } from '../api/accounts.ts';
import { MobileWithCodeFields } from './AccountFields.tsx';
import { useFormSubmit } from './form-errors.ts';

const FIELDS = ['mobile', 'code'];

/** The mobile number; a new one takes effect once the code sent to it is entered. */
export function PhoneCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const message = useMessageApi();
  const [form] = Form.useForm<PhoneChangeBody>();
  const { failure, busy, run, report, clearFailure } = useFormSubmit(form, FIELDS);
  const mobile = Form.useWatch('mobile', form) ?? '';
  const sendCode = async () => {
    clearFailure();
    try {
      return (await requestPhoneCode(mobile.trim())).resendAfterSeconds;
    } catch (error) {
      report(error);
      throw error;
    }
  };
  const submit = (values: PhoneChangeBody) =>
    run(async () => {
      await changePhone(values);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void message.success(t('accounts.profile.phoneChanged'));
    });
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
        <MobileWithCodeFields mobile={mobile} onSend={sendCode} mobileLabelKey="accounts.profile.newPhone" />
        <Button htmlType="submit" loading={busy}>
          {t('accounts.profile.changePhone')}
        </Button>
      </Form>
    </Card>
  );
}
