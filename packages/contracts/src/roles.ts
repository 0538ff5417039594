import { z } from 'zod';
import { ROLES } from './role-names.ts';

export { isStaffRole, ROLES, type Role, STAFF_ROLES, type StaffRole } from './role-names.ts';

export const roleSchema = z.enum(ROLES);
