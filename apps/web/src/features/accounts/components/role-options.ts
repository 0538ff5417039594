import { ROLES, type Role, STAFF_ROLES } from '@kxt/contracts/role-names';
import type { TFunction } from 'i18next';

/** The roles as select options in the reader's language. */
export const roleOptions = (t: TFunction, roles: readonly Role[] = ROLES) =>
  roles.map((role) => ({ value: role, label: t(`roles.${role}`) }));

export const staffRoleOptions = (t: TFunction) => roleOptions(t, STAFF_ROLES);
