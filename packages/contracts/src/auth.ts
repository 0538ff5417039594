import { z } from 'zod';
import { PASSWORD_MAX, USERNAME_MAX } from './auth-constants.ts';
import { roleSchema } from './roles.ts';

export {
  CSRF_COOKIE,
  CSRF_HEADER,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SESSION_COOKIE,
  USERNAME_MAX,
} from './auth-constants.ts';

export const loginBody = z.object({
  username: z.string().trim().min(1).max(USERNAME_MAX),
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBody>;

/** Who a user is, as the session and the user list show it. */
export const userIdentity = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  role: roleSchema,
  phone: z.string().nullable(),
  email: z.string().nullable(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
});

// PURE: the web app's pages import constants from here; an unused schema must not keep zod in their chunks.
export const currentUser = /* @__PURE__ */ userIdentity.extend({
  /** Set while the session still owes the second factor (enrol or verify): only that page works until then. */
  pendingSecondFactor: z.enum(['enrol', 'verify']).nullable().optional(),
  /** The customer's company signed itself up and staff have not verified it yet: buying and orders wait. */
  companyPending: z.boolean(),
  locale: z.enum(['zh-CN', 'en-US']),
});
export type CurrentUser = z.infer<typeof currentUser>;
