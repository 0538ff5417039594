import { z } from 'zod';

export const STAFF_ROLES = ['admin', 'reviewer', 'finance', 'consultant'] as const;
export const ROLES = ['customer', ...STAFF_ROLES] as const;

export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(role: Role): role is StaffRole {
  return role !== 'customer';
}
