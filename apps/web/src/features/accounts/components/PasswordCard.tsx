import type { ChangePasswordBody } from '@kxt/contracts/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { changePassword, sessionsQueryKey } from '../api/accounts.ts';
import { NewPasswordField } from './AccountFields.tsx';
import { useFormSubmit } from './form-errors.ts';

/** Change password: the current one, then the new one under the policy; the user's other sessions end. */
export function PasswordCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const message = useMessageApi();
  const [form] = Form.useForm<ChangePasswordBody>();
  const { failure, busy, run } = useFormSubmit(form, ['currentPassword', 'newPassword']);
  const submit = (values: ChangePasswordBody) =>
    run(async () => {
      await changePassword(values);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
      void message.success(t('accounts.profile.passwordChanged'));
    });
  return (
    <Card title={t('accounts.profile.password')}>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form<ChangePasswordBody>
        form={form}
        name="password"
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
      >
        <Form.Item
          name="currentPassword"
          label={t('accounts.password.current')}
          rules={[{ required: true, message: t('accounts.password.required') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordField name="newPassword" />
        <Button htmlType="submit" loading={busy}>
          {t('accounts.profile.changePassword')}
        </Button>
      </Form>
    </Card>
  );
}
