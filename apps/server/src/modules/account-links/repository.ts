import {
  INVITATION_STATUSES,
  type InvitationListQuery,
  type InvitationRow,
  type InvitationStatus,
} from '@kxt/contracts/accounts';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { AccountLinkRow, AccountLinksTable, DB } from '../../db/schema.ts';
import { containsText, countTabs, pageOffset } from '../../lib/list.ts';

export type NewAccountLink = Omit<AccountLinksTable, 'id' | 'status' | 'accepted_at' | 'accepted_user_id'>;

export async function insertAccountLink(db: Kysely<DB>, link: NewAccountLink): Promise<number> {
  const row = await db.insertInto('account_links').values(link).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findLinkByTokenHash(db: Kysely<DB>, tokenHash: string): Promise<AccountLinkRow | undefined> {
  return db.selectFrom('account_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export function findLink(db: Kysely<DB>, id: number, purpose: AccountLinkRow['purpose']) {
  return db
    .selectFrom('account_links')
    .selectAll()
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/**
 * Moves a pending link on (accepted or revoked) by compare-and-set: of two uses of one link at once, one wins and
 * the other sees 0 rows.
 */
export async function closeLink(
  db: Kysely<DB>,
  id: number,
  to: 'accepted' | 'revoked',
  at: string,
  acceptedUserId: number | null = null,
): Promise<boolean> {
  const result = await db
    .updateTable('account_links')
    .set({
      status: to,
      updated_at: at,
      ...(to === 'accepted' ? { accepted_at: at, accepted_user_id: acceptedUserId } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes every pending reset link of a user (a new one replaces them). */
export async function revokeResetLinksOf(db: Kysely<DB>, userId: number, at: string) {
  await db
    .updateTable('account_links')
    .set({ status: 'revoked', updated_at: at })
    .where('user_id', '=', userId)
    .where('purpose', '=', 'reset')
    .where('status', '=', 'pending')
    .execute();
}

export function linkStatus(
  row: Pick<AccountLinkRow, 'status' | 'expires_at'>,
  now: string,
): InvitationStatus {
  return row.status === 'pending' && row.expires_at <= now ? 'expired' : row.status;
}

const STATUS_CONDITION = (now: string): Record<InvitationStatus, Expression<SqlBool>> => ({
  pending: sql<SqlBool>`account_links.status = 'pending' and account_links.expires_at > ${now}`,
  expired: sql<SqlBool>`account_links.status = 'pending' and account_links.expires_at <= ${now}`,
  accepted: sql<SqlBool>`account_links.status = 'accepted'`,
  revoked: sql<SqlBool>`account_links.status = 'revoked'`,
});

/** Invitations, newest first, with a count per status. */
export async function listInvitations(db: Kysely<DB>, query: InvitationListQuery, now: string) {
  const conditions = STATUS_CONDITION(now);
  const base = db
    .selectFrom('account_links')
    .leftJoin('customers', 'customers.id', 'account_links.customer_id')
    .leftJoin('users as inviter', 'inviter.id', 'account_links.invited_by')
    .where('account_links.purpose', '=', 'invite')
    .where((eb) =>
      query.keyword
        ? eb.or([
            containsText('account_links.display_name', query.keyword),
            containsText('account_links.phone', query.keyword),
            containsText('account_links.email', query.keyword),
            containsText('customers.name', query.keyword),
          ])
        : eb.and([]),
    );
  const counts = await countTabs(
    base,
    INVITATION_STATUSES.map((status) => ({ status, condition: conditions[status] })),
  );
  const direction = query.order === 'ascend' ? 'asc' : 'desc';
  const rows = await (query.status ? base.where(conditions[query.status]) : base)
    .select([
      'account_links.id',
      'account_links.display_name',
      'account_links.role',
      'customers.name as customer_name',
      'account_links.phone',
      'account_links.email',
      'account_links.status',
      'inviter.display_name as invited_by',
      'account_links.expires_at',
      'account_links.accepted_at',
      'account_links.created_at',
    ])
    .orderBy('account_links.created_at', direction)
    .orderBy('account_links.id', direction)
    .limit(query.pageSize)
    .offset(pageOffset(query.pageNum, query.pageSize))
    .execute();
  const page: InvitationRow[] = rows.map((row) => ({
    id: row.id,
    displayName: row.display_name,
    role: row.role,
    customerName: row.customer_name,
    phone: row.phone,
    email: row.email,
    status: linkStatus(row, now),
    invitedBy: row.invited_by,
    expiresAt: row.expires_at,
    acceptedAt: row.accepted_at,
    createdAt: row.created_at,
  }));
  return { rows: page, counts, total: counts.get(query.status ?? 'all') ?? 0 };
}
