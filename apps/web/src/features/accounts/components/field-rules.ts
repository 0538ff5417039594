import { MAINLAND_MOBILE, NEW_PASSWORD_MAX, NEW_PASSWORD_MIN } from '@kxt/contracts/accounts';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** The form rules the server's contract also enforces: the browser says so before the round trip. */
export const mobileRules = (t: TFunction): FormRule[] => [
  { required: true, message: t('accounts.mobile.required') },
  { pattern: MAINLAND_MOBILE, message: t('accounts.mobile.invalid') },
];

export const codeRules = (t: TFunction): FormRule[] => [
  { required: true, message: t('accounts.code.required') },
  { pattern: /^\d{6}$/, message: t('accounts.code.invalid') },
];

export const newPasswordRules = (t: TFunction): FormRule[] => [
  { required: true, message: t('accounts.password.required') },
  { min: NEW_PASSWORD_MIN, message: t('accounts.policy.tooShort', { min: NEW_PASSWORD_MIN }) },
  { max: NEW_PASSWORD_MAX, message: t('accounts.policy.tooLong', { max: NEW_PASSWORD_MAX }) },
];
