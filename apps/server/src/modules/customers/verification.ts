import type { VerifyCompanyBody } from '@kxt/contracts/accounts';
import type { ListDeps } from '../../context.ts';
import { isUniqueViolation } from '../../db/unique-retry.ts';
import { HttpError, notFound } from '../../http-error.ts';
import type { Actor } from '../../lib/actor.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/audit.ts';
import { findCustomerForUpdate } from './repository.ts';

/** Staff roles that check a company's business licence (the customer list's 认证). */
export const VERIFIER_ROLES = ['admin', 'reviewer'] as const;

/**
 * Marks a self-signed-up company verified once staff have checked its business licence: the unified social credit
 * code (format and check character, validated by the contract) and the name as printed on it, which replaces the
 * name the customer typed. One licence belongs to one company. Audited with the old and new name.
 */
export async function verifyCompany(deps: ListDeps, id: number, body: VerifyCompanyBody, actor: Actor) {
  await deps.db
    .transaction()
    .execute(async (trx) => {
      const before = await findCustomerForUpdate(trx, id);
      if (!before) throw notFound();
      if (before.verification_state === 'verified') throw new HttpError(409, 'account.alreadyVerified');
      const sameLicence = await trx
        .selectFrom('customers')
        .select('id')
        .where('licence_no', '=', body.licenceNo)
        .where('id', '!=', id)
        .executeTakeFirst();
      if (sameLicence) {
        throw new HttpError(409, 'account.licenceTaken', {}, { licenceNo: 'account.licenceTaken' });
      }
      const at = nowIso();
      await trx
        .updateTable('customers')
        .set({
          name: body.name,
          licence_no: body.licenceNo,
          verification_state: 'verified',
          verified_at: at,
          verified_by_user_id: actor.actorUserId,
          updated_at: at,
        })
        .where('id', '=', id)
        .execute();
      await recordAudit(trx, {
        ...actor,
        action: 'customer.verify',
        entityType: 'customer',
        entityId: id,
        from: JSON.stringify({ state: before.verification_state, name: before.name }),
        to: JSON.stringify({ state: 'verified', name: body.name, licenceNo: body.licenceNo }),
      });
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) {
        throw new HttpError(409, 'account.companyTaken', {}, { name: 'account.companyTaken' });
      }
      throw error;
    });
  deps.countCache.invalidate();
}
