import { PASSWORD_MIN } from '@kxt/contracts/auth';
import { ROLES, type Role, roleSchema } from '@kxt/contracts/roles';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-retry.ts';
import { HttpError } from '../../http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { hashPassword } from '../auth/passwords.ts';
import { ensureCustomer } from './customers-repository.ts';
import { findUserByUsername, insertUser, updatePasswordHash } from './repository.ts';

export interface NewUserInput {
  username: string;
  password: string;
  role: string;
  displayName?: string | undefined;
  customerName?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
}

const USERNAME_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

function checkPassword(password: string) {
  if (password.length < PASSWORD_MIN)
    throw new HttpError(400, 'user.passwordTooShort', { min: PASSWORD_MIN });
}

function parseRole(role: string): Role {
  const parsed = roleSchema.safeParse(role);
  if (!parsed.success) throw new HttpError(400, 'user.unknownRole', { role, roles: ROLES.join(', ') });
  return parsed.data;
}

/** Creates a user; a customer user's company is created on first use of its name. */
export async function createUser(db: Kysely<DB>, input: NewUserInput): Promise<number> {
  if (!USERNAME_PATTERN.test(input.username)) throw new HttpError(400, 'user.usernameInvalid');
  const role = parseRole(input.role);
  checkPassword(input.password);
  if (role === 'customer' && !input.customerName) throw new HttpError(400, 'user.customerRequired');
  if (role !== 'customer' && input.customerName) throw new HttpError(400, 'user.customerNotAllowed');
  if (await findUserByUsername(db, input.username)) {
    throw new HttpError(409, 'user.duplicateUsername', { username: input.username });
  }
  const customerId = input.customerName ? await ensureCustomer(db, input.customerName) : null;
  const at = nowIso();
  const passwordHash = await hashPassword(input.password);
  // The check above is for the message; the unique key decides between two creations of one name at once.
  return insertUser(db, {
    username: input.username,
    password_hash: passwordHash,
    display_name: input.displayName ?? input.username,
    phone: input.phone ?? null,
    email: input.email ?? null,
    role,
    customer_id: customerId,
    created_at: at,
    updated_at: at,
  }).catch((error: unknown) => {
    if (isUniqueViolation(error))
      throw new HttpError(409, 'user.duplicateUsername', { username: input.username });
    throw error;
  });
}

/** Sets a new password and ends the user's sessions, so a leaked session does not outlive the change. */
export async function setPassword(db: Kysely<DB>, username: string, password: string): Promise<void> {
  checkPassword(password);
  const user = await findUserByUsername(db, username);
  if (!user) throw new HttpError(404, 'user.notFound', { username });
  await updatePasswordHash(db, user.id, await hashPassword(password), nowIso());
  await db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
}
