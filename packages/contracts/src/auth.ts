import { z } from 'zod';
import { roleSchema } from './roles.ts';

export const USERNAME_MAX = 64;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

/** Names of the cookies and header the browser and the server agree on. */
export const SESSION_COOKIE = 'sid';
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';

export const loginBody = z.object({
  username: z.string().trim().min(1).max(USERNAME_MAX),
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBody>;

export const currentUser = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  role: roleSchema,
  phone: z.string().nullable(),
  email: z.string().nullable(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;
