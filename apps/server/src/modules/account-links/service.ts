import {
  ACCOUNT_LINK_TTL_DAYS,
  type AccountLinkAccept,
  type AccountLinkIssued,
  type AccountLinkView,
  type InvitationBody,
  type InvitationListQuery,
} from '@kxt/contracts/accounts';
import { isStaffRole, type Role } from '@kxt/contracts/roles';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { AccountLinkRow, DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-retry.ts';
import { HttpError, notFound } from '../../http-error.ts';
import type { Actor } from '../../lib/actor.ts';
import { DAY, isoAfter, nowIso } from '../../lib/time.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import type { Locale } from '../../locales/translate.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';
import { recordAudit } from '../audit/audit.ts';
import { checkPasswordPolicy } from '../auth/password-policy.ts';
import { hashPassword } from '../auth/passwords.ts';
import { type ClientInfo, openSession } from '../auth/service.ts';
import { endOtherSessions } from '../auth/sessions.ts';
import { linkUrl, queueLinkMessages } from './delivery.ts';
import {
  closeLink,
  findLink,
  findLinkByTokenHash,
  insertAccountLink,
  linkStatus,
  listInvitations,
  revokeResetLinksOf,
} from './repository.ts';

/** The staff member issuing a link: who they are (audit) and how they are named in the message. */

/**
 * A catch handler for writes that create a username: the unique key, not an earlier look-up, decides between two
 * creations of one name at once, and the loser gets a 409 on the username field.
 */
export function refuseDuplicateUsername(username: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) {
      throw new HttpError(
        409,
        'accounts.duplicateUsername',
        { username },
        { username: 'accounts.duplicateUsername' },
      );
    }
    throw error;
  };
}

export interface Issuer extends Actor {
  role: Role;
  name: string;
  locale: Locale;
}

export interface LinkSubject {
  purpose: AccountLinkRow['purpose'];
  role: Role;
  customerId: number | null;
  userId: number | null;
  displayName: string;
  phone: string | null;
  email: string | null;
}

/**
 * Writes a new link (256 random bits; only the SHA-256 kept; seven days) and queues its messages, in the caller's
 * transaction. The token is in the answer once, for staff to copy; it is never stored or logged.
 */
export async function issueLink(
  trx: Kysely<DB>,
  config: Config,
  subject: LinkSubject,
  issuer: Issuer,
): Promise<AccountLinkIssued> {
  const token = randomToken(32);
  const at = nowIso();
  const expiresAt = isoAfter(ACCOUNT_LINK_TTL_DAYS * DAY);
  const id = await insertAccountLink(trx, {
    token_hash: sha256Hex(token),
    purpose: subject.purpose,
    role: subject.role,
    customer_id: subject.customerId,
    user_id: subject.userId,
    display_name: subject.displayName,
    phone: subject.phone,
    email: subject.email,
    invited_by: issuer.actorUserId,
    expires_at: expiresAt,
    created_at: at,
    updated_at: at,
  });
  const sentBy = await queueLinkMessages(trx, config, {
    linkId: id,
    purpose: subject.purpose,
    token,
    userId: subject.userId,
    name: subject.displayName,
    inviter: issuer.name,
    phone: subject.phone,
    email: subject.email,
    expiresAt,
    locale: issuer.locale,
  });
  return { id, url: linkUrl(config, token), expiresAt, sentBy };
}

/** A customer account belongs to an existing company; a staff account to none. */
export async function checkCompanyOfRole(db: Kysely<DB>, role: Role, customerId: number | undefined | null) {
  if (!isStaffRole(role)) {
    if (!customerId) throw fieldError('customerId', 'accounts.companyRequired');
    const company = await db
      .selectFrom('customers')
      .select('id')
      .where('id', '=', customerId)
      .executeTakeFirst();
    if (!company) throw fieldError('customerId', 'accounts.companyNotFound');
  } else if (customerId) {
    throw fieldError('customerId', 'accounts.companyNotAllowed');
  }
}

export const fieldError = (field: string, key: MessageKey) => new HttpError(400, key, {}, { [field]: key });

/** Staff invite a customer contact; only admins invite colleagues (else anyone could make an admin). */
export async function createInvitation(ctx: AppContext, body: InvitationBody, issuer: Issuer) {
  if (isStaffRole(body.role) && issuer.role !== 'admin')
    throw new HttpError(403, 'accounts.inviteStaffAdminOnly');
  return ctx.db.transaction().execute(async (trx) => {
    await checkCompanyOfRole(trx, body.role, body.customerId);
    const issued = await issueLink(
      trx,
      ctx.config,
      {
        purpose: 'invite',
        role: body.role,
        customerId: body.customerId ?? null,
        userId: null,
        displayName: body.displayName,
        phone: body.phone ?? null,
        email: body.email ?? null,
      },
      issuer,
    );
    await recordAudit(trx, {
      ...issuer,
      action: 'invitation.create',
      entityType: 'invitation',
      entityId: issued.id,
      to: body.role,
    });
    return issued;
  });
}

/** A new link for a pending (or expired) invitation; the old link stops working in the same transaction. */
export async function resendInvitation(ctx: AppContext, id: number, issuer: Issuer) {
  return ctx.db.transaction().execute(async (trx) => {
    const old = await findLink(trx, id, 'invite');
    if (!old) throw notFound();
    if (isStaffRole(old.role) && issuer.role !== 'admin')
      throw new HttpError(403, 'accounts.inviteStaffAdminOnly');
    if (!(await closeLink(trx, id, 'revoked', nowIso())))
      throw new HttpError(409, 'accounts.invitationNotPending');
    const issued = await issueLink(
      trx,
      ctx.config,
      {
        purpose: 'invite',
        role: old.role,
        customerId: old.customer_id,
        userId: null,
        displayName: old.display_name,
        phone: old.phone,
        email: old.email,
      },
      issuer,
    );
    await recordAudit(trx, {
      ...issuer,
      action: 'invitation.resend',
      entityType: 'invitation',
      entityId: issued.id,
      from: id,
      to: issued.id,
    });
    return issued;
  });
}

export async function revokeInvitation(ctx: AppContext, id: number, actor: Actor & { role: Role }) {
  await ctx.db.transaction().execute(async (trx) => {
    const link = await findLink(trx, id, 'invite');
    if (!link) throw notFound();
    if (isStaffRole(link.role) && actor.role !== 'admin')
      throw new HttpError(403, 'accounts.inviteStaffAdminOnly');
    if (!(await closeLink(trx, id, 'revoked', nowIso())))
      throw new HttpError(409, 'accounts.invitationNotPending');
    await recordAudit(trx, {
      ...actor,
      action: 'invitation.revoke',
      entityType: 'invitation',
      entityId: id,
      from: 'pending',
      to: 'revoked',
    });
  });
}

export function invitationList(db: Kysely<DB>, query: InvitationListQuery) {
  return listInvitations(db, query, nowIso());
}

const REFUSAL: Record<Exclude<ReturnType<typeof linkStatus>, 'pending'>, MessageKey> = {
  accepted: 'accounts.linkUsed',
  revoked: 'accounts.linkRevoked',
  expired: 'accounts.linkExpired',
};

/** The pending link a token names; an unknown token is a 404, a used, revoked or expired one a 410 saying which. */
async function usableLink(db: Kysely<DB>, token: string): Promise<AccountLinkRow> {
  const link = await findLinkByTokenHash(db, sha256Hex(token));
  if (!link) throw new HttpError(404, 'accounts.linkInvalid');
  const status = linkStatus(link, nowIso());
  if (status !== 'pending') throw new HttpError(410, REFUSAL[status]);
  return link;
}

async function accountOf(db: Kysely<DB>, link: AccountLinkRow) {
  const company = link.customer_id
    ? await db.selectFrom('customers').select('name').where('id', '=', link.customer_id).executeTakeFirst()
    : undefined;
  const user = link.user_id
    ? await db
        .selectFrom('users')
        .select(['username', 'disabled'])
        .where('id', '=', link.user_id)
        .executeTakeFirst()
    : undefined;
  return { companyName: company?.name ?? null, user };
}

/** A username to offer: the mobile number, else the e-mail's local part, cut to what usernames allow. */
const suggestUsername = (link: AccountLinkRow) =>
  (link.phone ?? link.email?.split('@')[0] ?? '').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 64);

export async function viewLink(db: Kysely<DB>, token: string): Promise<AccountLinkView> {
  const link = await usableLink(db, token);
  const { companyName, user } = await accountOf(db, link);
  return {
    purpose: link.purpose,
    displayName: link.display_name,
    suggestedUsername: user?.username ?? suggestUsername(link),
    usernameFixed: Boolean(user),
    companyName,
    expiresAt: link.expires_at,
  };
}

/**
 * Uses a link: an invitation creates the account, a reset link sets the password of its account and ends that
 * account's sessions; either logs the person in. The password policy applies with the person's own details. The
 * link is closed by compare-and-set in the transaction that creates or updates the account, so it works once.
 */
export async function acceptLink(
  ctx: AppContext,
  token: string,
  body: AccountLinkAccept,
  client: ClientInfo,
) {
  const link = await usableLink(ctx.db, token);
  const { companyName, user: existing } = await accountOf(ctx.db, link);
  if (existing?.disabled) throw new HttpError(403, 'userDisabled');
  const verdict = await checkPasswordPolicy(body.password, [
    body.displayName,
    body.username,
    link.phone,
    link.email,
    companyName,
  ]);
  if (!verdict.ok) throw fieldError('password', `accounts.password.${verdict.reason}`);
  const passwordHash = await hashPassword(body.password);
  const at = nowIso();
  const userId = await ctx.db
    .transaction()
    .execute(async (trx) => {
      let id: number;
      if (link.purpose === 'reset' && link.user_id) {
        id = link.user_id;
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, display_name: body.displayName, updated_at: at })
          .where('id', '=', id)
          .execute();
        await endOtherSessions(trx, id, null);
      } else {
        const row = await trx
          .insertInto('users')
          .values({
            username: body.username,
            password_hash: passwordHash,
            display_name: body.displayName,
            phone: link.phone,
            email: link.email,
            role: link.role,
            customer_id: link.customer_id,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = row.id;
      }
      if (!(await closeLink(trx, link.id, 'accepted', at, id))) {
        // Used (or revoked) by someone else since it was read: say which, from a fresh read.
        await usableLink(trx, token);
        throw new HttpError(409, 'conflict');
      }
      await recordAudit(trx, {
        actorUserId: id,
        ip: client.ip,
        userAgent: client.userAgent,
        action: link.purpose === 'invite' ? 'invitation.accept' : 'user.passwordSet',
        entityType: link.purpose === 'invite' ? 'invitation' : 'user',
        entityId: link.purpose === 'invite' ? link.id : id,
        from: 'pending',
        to: 'accepted',
      });
      return id;
    })
    .catch(refuseDuplicateUsername(body.username));
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'role', 'totp_confirmed_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return openSession(ctx.db, user, client);
}

/**
 * Ends the user's sessions, makes the old password unusable and issues a set-password link, in one transaction
 * with its audit row (earlier reset links stop working).
 */
export async function issueResetLink(
  trx: Kysely<DB>,
  config: Config,
  user: {
    id: number;
    role: Role;
    customer_id: number | null;
    display_name: string;
    phone: string | null;
    email: string | null;
  },
  unusableHash: string,
  issuer: Issuer,
) {
  const at = nowIso();
  await trx
    .updateTable('users')
    .set({ password_hash: unusableHash, updated_at: at })
    .where('id', '=', user.id)
    .execute();
  await endOtherSessions(trx, user.id, null);
  await revokeResetLinksOf(trx, user.id, at);
  return issueLink(
    trx,
    config,
    {
      purpose: 'reset',
      role: user.role,
      customerId: user.customer_id,
      userId: user.id,
      displayName: user.display_name,
      phone: user.phone,
      email: user.email,
    },
    issuer,
  );
}
