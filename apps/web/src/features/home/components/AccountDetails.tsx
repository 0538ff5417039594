import type { CurrentUser } from '@kxt/contracts/auth';
import { Descriptions, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** The logged-in account; `showRole` for staff, the company for customers. */
export function AccountDetails({ user, showRole = false }: { user: CurrentUser; showRole?: boolean }) {
  const { t } = useTranslation();
  const orEmpty = (value: string | null) => value || t('common.empty');
  const items: DescriptionsProps['items'] = [
    { key: 'displayName', label: t('account.displayName'), children: user.displayName },
    { key: 'username', label: t('account.username'), children: user.username },
    showRole
      ? { key: 'role', label: t('account.role'), children: t(`roles.${user.role}`) }
      : { key: 'company', label: t('account.company'), children: orEmpty(user.customerName) },
    { key: 'phone', label: t('account.phone'), children: orEmpty(user.phone) },
    { key: 'email', label: t('account.email'), children: orEmpty(user.email) },
  ];
  return <Descriptions title={t('account.title')} bordered column={{ xs: 1, md: 2 }} items={items} />;
}
