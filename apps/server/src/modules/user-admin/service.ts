import type { UserCreateBody, UserListQuery, UserPatch } from '@kxt/contracts/accounts';
import { isStaffRole } from '@kxt/contracts/roles';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB, UserRow } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http-error.ts';
import type { Actor } from '../../lib/actor.ts';
import { nowIso } from '../../lib/time.ts';
import {
  checkCompanyOfRole,
  type Issuer,
  issueLink,
  issueResetLink,
  refuseDuplicateUsername,
} from '../account-links/service.ts';
import { recordAudit } from '../audit/audit.ts';
import { unusablePasswordHash } from '../auth/passwords.ts';
import { endOtherSessions, endSession, listActiveSessions } from '../auth/sessions.ts';
import {
  findUserForUpdate,
  listUsers,
  lockActiveAdmins,
  setDisabled,
  updateUserFields,
} from './repository.ts';

export const userList = (db: Kysely<DB>, query: UserListQuery) => listUsers(db, query);

/**
 * Creates a staff account with its role or a customer contact of an existing company. Nobody chooses a password
 * for someone else: the account starts with an unusable one and a set-password link (SMS / e-mail, and shown once).
 */
export async function createUserByAdmin(ctx: AppContext, body: UserCreateBody, issuer: Issuer) {
  const passwordHash = await unusablePasswordHash();
  const at = nowIso();
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      await checkCompanyOfRole(trx, body.role, body.customerId);
      const row = await trx
        .insertInto('users')
        .values({
          username: body.username,
          password_hash: passwordHash,
          display_name: body.displayName,
          phone: body.phone ?? null,
          email: body.email ?? null,
          role: body.role,
          customer_id: body.customerId ?? null,
          ...(body.onlineType !== undefined ? { online_type: body.onlineType } : {}),
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const link = await issueLink(
        trx,
        ctx.config,
        {
          purpose: 'reset',
          role: body.role,
          customerId: body.customerId ?? null,
          userId: row.id,
          displayName: body.displayName,
          phone: body.phone ?? null,
          email: body.email ?? null,
        },
        issuer,
      );
      await recordAudit(trx, {
        ...issuer,
        action: 'user.create',
        entityType: 'user',
        entityId: row.id,
        to: body.role,
      });
      return { id: row.id, link };
    })
    .catch(refuseDuplicateUsername(body.username));
}

/** Refuses a change that would leave no active admin; `admins` are the active admins, locked by the caller. */
function keepOneAdmin(target: UserRow, admins: number[], stillAdmin: boolean) {
  if (target.role === 'admin' && !target.disabled && !stillAdmin && admins.length <= 1) {
    throw new HttpError(409, 'accounts.lastAdmin');
  }
}

/**
 * Edits name, phone, e-mail, role and onlineType. Nobody changes their own role (so nobody raises it); a customer
 * stays a customer and staff stay staff; the last active admin is not demoted. Old values are read under lock, with
 * the active admins locked first, and go to the audit row with the new ones.
 */
export async function patchUser(ctx: AppContext, id: number, patch: UserPatch, actor: Actor) {
  await ctx.db.transaction().execute(async (trx) => {
    const admins = await lockActiveAdmins(trx);
    const before = await findUserForUpdate(trx, id);
    if (!before) throw notFound();
    if (patch.role !== undefined && patch.role !== before.role) {
      if (id === actor.actorUserId) throw new HttpError(403, 'accounts.ownRole');
      if (isStaffRole(patch.role) !== isStaffRole(before.role)) {
        throw new HttpError(400, 'accounts.roleKindChange', {}, { role: 'accounts.roleKindChange' });
      }
      keepOneAdmin(before, admins, patch.role === 'admin');
    }
    await updateUserFields(trx, id, patch, nowIso());
    await recordAudit(trx, {
      ...actor,
      action: 'user.update',
      entityType: 'user',
      entityId: id,
      from: JSON.stringify(oldValues(before, patch)),
      to: JSON.stringify(patch),
    });
  });
}

const COLUMN_OF: Record<keyof UserPatch, keyof UserRow> = {
  displayName: 'display_name',
  phone: 'phone',
  email: 'email',
  role: 'role',
  onlineType: 'online_type',
};

const oldValues = (row: UserRow, patch: UserPatch) =>
  Object.fromEntries(Object.keys(patch).map((key) => [key, row[COLUMN_OF[key as keyof UserPatch]]]));

/** Disables (ending every session) or enables an account; never one's own, never the last active admin. */
export async function setUserDisabled(ctx: AppContext, id: number, disabled: boolean, actor: Actor) {
  await ctx.db.transaction().execute(async (trx) => {
    const admins = await lockActiveAdmins(trx);
    const before = await findUserForUpdate(trx, id);
    if (!before) throw notFound();
    if (disabled && id === actor.actorUserId) throw new HttpError(409, 'accounts.ownAccount');
    if (disabled) keepOneAdmin(before, admins, false);
    if (!(await setDisabled(trx, id, disabled, nowIso()))) {
      throw new HttpError(409, disabled ? 'accounts.alreadyDisabled' : 'accounts.alreadyEnabled');
    }
    if (disabled) await endOtherSessions(trx, id, null);
    await recordAudit(trx, {
      ...actor,
      action: disabled ? 'user.disable' : 'user.enable',
      entityType: 'user',
      entityId: id,
      from: disabled ? 'active' : 'disabled',
      to: disabled ? 'disabled' : 'active',
    });
  });
}

/** Ends the user's sessions, makes the password unusable and sends a set-password link (also answered once). */
export async function forcePasswordReset(ctx: AppContext, id: number, issuer: Issuer) {
  const unusable = await unusablePasswordHash();
  return ctx.db.transaction().execute(async (trx) => {
    const user = await findUserForUpdate(trx, id);
    if (!user) throw notFound();
    const link = await issueResetLink(trx, ctx.config, user, unusable, issuer);
    await recordAudit(trx, { ...issuer, action: 'user.passwordReset', entityType: 'user', entityId: id });
    return link;
  });
}

async function existingUser(db: Kysely<DB>, id: number) {
  const user = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  if (!user) throw notFound();
}

export async function userSessions(db: Kysely<DB>, id: number, currentSessionId: string | null) {
  await existingUser(db, id);
  return listActiveSessions(db, id, currentSessionId);
}

export async function endUserSession(ctx: AppContext, id: number, sessionId: string, actor: Actor) {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await endSession(trx, id, sessionId))) throw notFound();
    await recordAudit(trx, {
      ...actor,
      action: 'user.sessionEnd',
      entityType: 'user',
      entityId: id,
      from: sessionId,
    });
  });
}

export async function endUserSessions(ctx: AppContext, id: number, actor: Actor) {
  await existingUser(ctx.db, id);
  await ctx.db.transaction().execute(async (trx) => {
    const ended = await endOtherSessions(trx, id, null);
    await recordAudit(trx, {
      ...actor,
      action: 'user.sessionsEnd',
      entityType: 'user',
      entityId: id,
      to: ended,
    });
  });
}
