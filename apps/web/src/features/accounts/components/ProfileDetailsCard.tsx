import { DISPLAY_NAME_MAX, type ProfilePatch } from '@kxt/contracts/accounts';
import type { CurrentUser } from '@kxt/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { currentUserQueryKey } from '../../../components/session/current-user.ts';
import { LANGUAGES, type Language, setLanguage } from '../../../locales/i18n.ts';
import { updateProfile } from '../api/accounts.ts';
import { useFormSubmit } from './form-errors.ts';

interface Values {
  displayName: string;
  email: string;
  locale: Language;
}

/** Name, e-mail and language of the logged-in user; the language is saved to the account and applied at once. */
export function ProfileDetailsCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const message = useMessageApi();
  const [form] = Form.useForm<Values>();
  const { failure, busy, run } = useFormSubmit(form, ['displayName', 'email', 'locale']);
  const submit = async (values: Values) => {
    const patch: ProfilePatch = {};
    if (values.displayName.trim() !== user.displayName) patch.displayName = values.displayName.trim();
    const email = values.email?.trim() || null;
    if (email !== user.email) patch.email = email;
    if (values.locale !== user.locale) patch.locale = values.locale;
    if (Object.keys(patch).length === 0) return;
    await run(async () => {
      await updateProfile(patch);
      if (patch.locale) await setLanguage(patch.locale);
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void message.success(t('lists.saved'));
    });
  };
  return (
    <Card title={t('accounts.profile.details')}>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form<Values>
        form={form}
        name="profile"
        layout="vertical"
        requiredMark={false}
        initialValues={{ displayName: user.displayName, email: user.email ?? '', locale: user.locale }}
        onFinish={submit}
      >
        <Form.Item label={t('account.username')}>
          <Input value={user.username} disabled />
        </Form.Item>
        {user.customerName ? (
          <Form.Item label={t('account.company')}>
            <Input value={user.customerName} disabled />
          </Form.Item>
        ) : null}
        <Form.Item
          name="displayName"
          label={t('account.displayName')}
          rules={[{ required: true, whitespace: true, message: t('accounts.register.displayNameRequired') }]}
        >
          <Input maxLength={DISPLAY_NAME_MAX} autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('account.email')}
          rules={[{ type: 'email', message: t('accounts.email.invalid') }]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="locale" label={t('language.label')}>
          <Radio.Group
            optionType="button"
            options={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('lists.save')}
        </Button>
      </Form>
    </Card>
  );
}
