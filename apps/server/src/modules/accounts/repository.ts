import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Enabled users with what a reset or a message to them needs: names, contacts, language, company. */
function contactUsers(db: Kysely<DB>) {
  return db
    .selectFrom('users')
    .leftJoin('customers', 'customers.id', 'users.customer_id')
    .select([
      'users.id',
      'users.username',
      'users.display_name',
      'users.phone',
      'users.email',
      'users.locale',
    ])
    .select('customers.name as customer_name')
    .where('users.disabled', '=', 0);
}

/** The enabled user who logs in with this mobile number (as username) or has it as their phone. */
export function findUserByMobile(db: Kysely<DB>, mobile: string) {
  return contactUsers(db)
    .where((eb) => eb.or([eb('users.username', '=', mobile), eb('users.phone', '=', mobile)]))
    .orderBy('users.id')
    .executeTakeFirst();
}

/** The first enabled user with this e-mail address (compared without case). */
export function findUserByEmail(db: Kysely<DB>, email: string) {
  return contactUsers(db)
    .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email.toLowerCase()))
    .orderBy('users.id')
    .executeTakeFirst();
}

/** The enabled user with this id. */
export function findContactUser(db: Kysely<DB>, userId: number) {
  return contactUsers(db).where('users.id', '=', userId).executeTakeFirst();
}

export type ContactUser = NonNullable<Awaited<ReturnType<typeof findUserByMobile>>>;

/** The user's own details, which their password may not be made of. */
export const personalDetails = (user: ContactUser) => [
  user.username,
  user.display_name,
  user.phone,
  user.email,
  user.customer_name,
];
