import { z } from 'zod';
import { USERNAME_MAX, userIdentity } from './auth.ts';
import { recordId, recordIdParam } from './ids.ts';
import { listQuery } from './paging.ts';
import { roleSchema } from './roles.ts';

// ---- Shared fields ----

/** Usernames: letters, digits, dot, underscore and hyphen (the CLI's rule). */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const usernameField = z.string().trim().min(1).max(USERNAME_MAX).regex(USERNAME_PATTERN);
export const displayNameField = z.string().trim().min(1).max(100);
/** A mainland mobile number or an international one with its + prefix. */
export const mobileField = z
  .string()
  .trim()
  .regex(/^(\+?\d{6,15})$/);
export const emailField = z.email().max(200);
/** Which bank account set a customer's transfers go to (spec §6). */
export const onlineTypeField = z.number().int().min(0).max(9);

/** The roles that must use a second factor: after the password, nothing else until it is enrolled and passed. */
export const SECOND_FACTOR_ROLES = ['admin', 'finance'] as const;

// ---- User admin (admins only) ----

export const USER_STATUSES = ['active', 'disabled'] as const;
export const USER_SORTS = ['createdAt', 'username'] as const;
export const userListQuery = listQuery(USER_SORTS, 'createdAt').extend({
  status: z.enum(USER_STATUSES).optional(),
  role: roleSchema.optional(),
  customerId: recordIdParam.optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const userAdminRow = /* @__PURE__ */ userIdentity.extend({
  onlineType: z.number().int(),
  disabled: z.boolean(),
  twoFactor: z.boolean(),
  createdAt: z.string(),
});
export type UserAdminRow = z.infer<typeof userAdminRow>;

/** A staff member with a role, or a customer contact of an existing company; the password is set through a link. */
export const userCreateBody = z
  .object({
    username: usernameField,
    displayName: displayNameField,
    role: roleSchema,
    customerId: recordId.optional(),
    phone: mobileField.optional(),
    email: emailField.optional(),
    onlineType: onlineTypeField.optional(),
  })
  .strict();
export type UserCreateBody = z.infer<typeof userCreateBody>;

export const userPatch = z
  .object({
    displayName: displayNameField,
    phone: mobileField.nullable(),
    email: emailField.nullable(),
    role: roleSchema,
    onlineType: onlineTypeField,
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'empty' });
export type UserPatch = z.infer<typeof userPatch>;

/** A link to set a password, shown to staff once (it is also sent by SMS or e-mail when the user has them). */
export const accountLinkIssued = z.object({
  id: z.number().int(),
  url: z.string(),
  expiresAt: z.string(),
  sentBy: z.array(z.enum(['sms', 'email'])),
});
export type AccountLinkIssued = z.infer<typeof accountLinkIssued>;

export const userCreated = z.object({ id: z.number().int(), link: accountLinkIssued });

export const sessionView = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** When the session was last used, to within a day (it is written when the session is extended). */
  lastSeenAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionView>;

/** A session's public id (what session lists show); never its token or the token's hash. */
export const sessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
export const sessionParams = z.object({
  id: recordIdParam,
  sessionId: sessionIdSchema,
});

// ---- Invitations ----

export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
/** Seven days to accept an invitation or use a set-password link. */
export const ACCOUNT_LINK_TTL_DAYS = 7;

export const invitationBody = z
  .object({
    displayName: displayNameField,
    /** A customer contact (with the company) or a colleague (with a staff role; admins only). */
    role: roleSchema,
    customerId: recordId.optional(),
    phone: mobileField.optional(),
    email: emailField.optional(),
  })
  .strict()
  .refine((body) => body.phone || body.email, { message: 'contactRequired', path: ['phone'] });
export type InvitationBody = z.infer<typeof invitationBody>;

export const invitationListQuery = listQuery(['createdAt'] as const, 'createdAt').extend({
  status: z.enum(INVITATION_STATUSES).optional(),
});
export type InvitationListQuery = z.infer<typeof invitationListQuery>;

export const invitationRow = z.object({
  id: z.number().int(),
  displayName: z.string(),
  role: roleSchema,
  customerName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(INVITATION_STATUSES),
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type InvitationRow = z.infer<typeof invitationRow>;

// Any length up to the router's: a link cut short in copying is answered as an invalid link (404, "check the link is
// complete"), which a person can act on, rather than as a field named token.
export const tokenParams = z.object({ token: z.string().min(1).max(100) });

/** What the public page shows before the invitee sets a password. */
export const accountLinkView = z.object({
  purpose: z.enum(['invite', 'reset']),
  displayName: z.string(),
  suggestedUsername: z.string(),
  /** A reset link keeps the account's username. */
  usernameFixed: z.boolean(),
  companyName: z.string().nullable(),
  expiresAt: z.string(),
});
export type AccountLinkView = z.infer<typeof accountLinkView>;

export const accountLinkAccept = z
  .object({
    username: usernameField,
    displayName: displayNameField,
    password: z.string().min(1).max(200),
  })
  .strict();
export type AccountLinkAccept = z.infer<typeof accountLinkAccept>;

// ---- Two-factor ----

/** What a session still owes: enrol (a role that must, not enrolled yet), verify (enrolled, code not given yet). */
export const SECOND_FACTOR_PENDING = ['enrol', 'verify'] as const;
export type SecondFactorPending = (typeof SECOND_FACTOR_PENDING)[number];

export const twoFactorStatus = z.object({
  enrolled: z.boolean(),
  required: z.boolean(),
  pending: z.enum(SECOND_FACTOR_PENDING).nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const twoFactorEnrolment = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The QR code as an image data URL, drawn on the server so the page ships no QR library. */
  qrDataUrl: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolment>;

export const RECOVERY_CODE_COUNT = 10;
export const twoFactorCodeBody = z.object({ code: z.string().trim().min(6).max(20) }).strict();
export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });

/**
 * Self-service accounts (issue 17 items 3, 4, 6): sign-up by mobile and SMS code, password change and reset, the
 * profile page and its sessions. The limits here are the rules both the server enforces and the forms explain.
 */

/** A mainland China mobile number: 11 digits starting 13–19 (no country code, no separators). */
export const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
export const mobileSchema = z.string().trim().regex(MAINLAND_MOBILE);

export const SMS_CODE_LENGTH = 6;
export const smsCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/);
/** An SMS code works this long after it is sent. */
export const SMS_CODE_TTL_MINUTES = 10;
/** A number gets another code only this long after the last one. */
export const SMS_RESEND_SECONDS = 60;
/** This many wrong tries end a code: the user asks for a new one. */
export const SMS_CODE_MAX_TRIES = 5;
/** An e-mailed reset link works this long. */
export const RESET_LINK_TTL_MINUTES = 30;

/** Why a code is for: each purpose has its own codes, cooldown and limits. */
export const SMS_CODE_PURPOSES = ['register', 'reset', 'phone'] as const;
export type SmsCodePurpose = (typeof SMS_CODE_PURPOSES)[number];

/** Reasons `checkPasswordPolicy` refuses a password; the web translates each under `accounts.policy.<reason>`. */
export const PASSWORD_REFUSALS = ['tooShort', 'tooLong', 'containsPersonalData', 'common', 'weak'] as const;
export type PasswordRefusal = (typeof PASSWORD_REFUSALS)[number];
export const NEW_PASSWORD_MIN = 10;
export const NEW_PASSWORD_MAX = 128;
const newPassword = z.string().min(1).max(200);

export const DISPLAY_NAME_MAX = 50;
export const COMPANY_NAME_MAX = 100;

export const codeRequestBody = z.object({ mobile: mobileSchema });
export type CodeRequestBody = z.infer<typeof codeRequestBody>;
/** The answer to every code request, whether or not a code went out: it reveals nothing about accounts. */
export const codeRequestAnswer = z.object({ resendAfterSeconds: z.number().int() });
export type CodeRequestAnswer = z.infer<typeof codeRequestAnswer>;

export const registerBody = z.object({
  mobile: mobileSchema,
  code: smsCodeSchema,
  displayName: z.string().trim().min(1).max(DISPLAY_NAME_MAX),
  companyName: z.string().trim().min(2).max(COMPANY_NAME_MAX),
  password: newPassword,
});
export type RegisterBody = z.infer<typeof registerBody>;

export const RESET_CHANNELS = ['sms', 'email'] as const;
export const resetRequestBody = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('sms'), mobile: mobileSchema }),
  z.object({ channel: z.literal('email'), email: z.email().max(200) }),
]);
export type ResetRequestBody = z.infer<typeof resetRequestBody>;
/** Which reset channels this deployment offers: e-mail only with SMTP configured. */
export const resetChannels = z.object({ sms: z.boolean(), email: z.boolean() });
export type ResetChannels = z.infer<typeof resetChannels>;

export const resetBySmsBody = z.object({ mobile: mobileSchema, code: smsCodeSchema, password: newPassword });
export type ResetBySmsBody = z.infer<typeof resetBySmsBody>;
export const resetByLinkBody = z.object({
  token: z.string().trim().min(40).max(100),
  password: newPassword,
});
export type ResetByLinkBody = z.infer<typeof resetByLinkBody>;

export const changePasswordBody = z.object({
  currentPassword: z.string().min(1).max(200),
  newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const LOCALES = ['zh-CN', 'en-US'] as const;
export const profilePatch = z
  .object({
    displayName: z.string().trim().min(1).max(DISPLAY_NAME_MAX),
    email: z.email().max(200).nullable(),
    locale: z.enum(LOCALES),
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'empty' });
export type ProfilePatch = z.infer<typeof profilePatch>;

export const phoneChangeBody = z.object({ mobile: mobileSchema, code: smsCodeSchema });
export type PhoneChangeBody = z.infer<typeof phoneChangeBody>;

export const profile = z.object({
  username: z.string(),
  displayName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  locale: z.enum(LOCALES),
  role: z.string(),
  customerName: z.string().nullable(),
  companyPending: z.boolean(),
});
export type Profile = z.infer<typeof profile>;

/** Company verification (the customer list's 认证): pending after self sign-up until staff check the licence. */
export const COMPANY_VERIFICATION_STATES = ['pending', 'verified'] as const;
export type CompanyVerificationState = (typeof COMPANY_VERIFICATION_STATES)[number];

const USCC_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * The unified social credit code of a business licence (GB 32100-2015): 18 characters of digits and capitals without
 * I, O, S, V, Z, the last a check character over the other 17 (weights 3^i mod 31).
 */
export function isUnifiedSocialCreditCode(value: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += USCC_ALPHABET.indexOf(value.charAt(i)) * (USCC_WEIGHTS[i] ?? 0);
  const check = (31 - (sum % 31)) % 31;
  return USCC_ALPHABET.charAt(check) === value.charAt(17);
}

export const verifyCompanyBody = z.object({
  licenceNo: z.string().trim().toUpperCase().refine(isUnifiedSocialCreditCode),
  name: z.string().trim().min(2).max(COMPANY_NAME_MAX),
});
export type VerifyCompanyBody = z.infer<typeof verifyCompanyBody>;
