/**
 * The roles as plain constants, without zod: the web app's first load (menus, guards) imports these, so building
 * `roleSchema` (and zod with it) stays in the chunks of the pages that validate forms.
 */
export const STAFF_ROLES = ['admin', 'reviewer', 'finance', 'consultant'] as const;
export const ROLES = ['customer', ...STAFF_ROLES] as const;

export type Role = (typeof ROLES)[number];
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(role: Role): role is StaffRole {
  return role !== 'customer';
}
