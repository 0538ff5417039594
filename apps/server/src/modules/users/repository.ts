import type { CurrentUser } from '@kxt/contracts/auth';
import type { Kysely } from 'kysely';
import type { DB, NewUser, UserRow } from '../../db/schema.ts';

export function findUserByUsername(db: Kysely<DB>, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function insertUser(db: Kysely<DB>, user: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePasswordHash(db: Kysely<DB>, userId: number, passwordHash: string, at: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

/** The columns of `CurrentUser`, for any query that joins `users` with a left join of `customers`. */
export const CURRENT_USER_COLUMNS = [
  'users.id',
  'users.username',
  'users.display_name',
  'users.role',
  'users.phone',
  'users.email',
  'users.customer_id',
  'customers.name as customer_name',
  'customers.verification_state',
  'users.locale',
] as const;

type CurrentUserRow = Pick<
  UserRow,
  'id' | 'username' | 'display_name' | 'role' | 'phone' | 'email' | 'customer_id' | 'locale'
> & {
  customer_name: string | null;
  verification_state: string | null;
};

export function toCurrentUser(row: CurrentUserRow): CurrentUser {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    role: row.role,
    phone: row.phone,
    email: row.email,
    customerId: row.customer_id,
    customerName: row.customer_name,
    companyPending: row.verification_state === 'pending',
    locale: row.locale,
  };
}

/** The user as the API shows it, with the company name for customers. */
export async function findCurrentUser(db: Kysely<DB>, userId: number): Promise<CurrentUser | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('customers', 'customers.id', 'users.customer_id')
    .select(CURRENT_USER_COLUMNS)
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row ? toCurrentUser(row) : undefined;
}
