import { type AgreementBulk, agreementListQuery } from '@kxt/contracts/agreements';
import { AGREEMENT_STATUS, signUrl } from '@kxt/contracts/signing';
import { conflict, HttpError, notFound } from '../../http-error.ts';
import type { Actor } from '../../lib/actor.ts';
import { applyToEach, type BulkCaller, type BulkSource, bulkRows, type RowChange } from '../../lib/bulk.ts';
import { isoBefore, MINUTE, nowIso } from '../../lib/time.ts';
import { translate } from '../../locales/translate.ts';
import { recordAudit } from '../audit/audit.ts';
import { queueDirectMessage } from '../notifications/direct-messages.ts';
import { maskMobile } from './identity.ts';
import { type AgreementFilters, agreementBulkBatches, countAgreementBulk } from './repository.ts';
import { type AgreementDeps, beijingDate, revokeAgreement } from './service.ts';

const filters = agreementListQuery.omit({ pageNum: true, pageSize: true });

/** The signing links of a bulk target: the selected agreements, or what the list's filter and tab match. */
function agreementSource(deps: AgreementDeps) {
  return {
    filters,
    count: (query, ids) => countAgreementBulk(deps.db, query, ids),
    batches: (query, ids) => agreementBulkBatches(deps.db, query, ids),
    describe: (row) => ({ id: row.id, label: `${row.customer_name} · ${row.agreement_name}` }),
  } satisfies BulkSource<AgreementFilters, { id: number; customer_name: string; agreement_name: string }>;
}

/** Revokes one link; a revoked one is left as it is, and a signed agreement keeps its link (nothing to withdraw). */
async function revokeOne(deps: AgreementDeps, id: number, actor: Actor): Promise<RowChange> {
  const row = await deps.db
    .selectFrom('agreements')
    .select(['status', 'revoked'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (row.revoked) return 'unchanged';
  if (row.status === AGREEMENT_STATUS.signed) throw conflict('bulk.agreementSigned');
  try {
    await revokeAgreement(deps, id, undefined, actor);
  } catch (error) {
    // Revoked by someone else since the read above: as asked all the same.
    if (error instanceof HttpError && error.messageKey === 'agreement.alreadyRevoked') return 'unchanged';
    throw error;
  }
  return 'done';
}

/**
 * Sends the signing link again by SMS to the signer's mobile (through the outbox, like every other message), at most
 * once a minute per agreement, so a replayed request or a double click does not text the signer twice.
 */
async function resendOne(deps: AgreementDeps, id: number, origin: string, actor: Actor): Promise<RowChange> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('agreements')
      .select(['status', 'revoked', 'expires_at', 'signer_mobile', 'agreement_name', 'code'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.status === AGREEMENT_STATUS.signed || row.revoked || row.expires_at <= nowIso())
      throw conflict('bulk.agreementClosed');
    if (!row.signer_mobile) throw conflict('bulk.noSignerMobile');
    const recent = await trx
      .selectFrom('audit_log')
      .select('id')
      .where('entity_type', '=', 'agreement')
      .where('entity_id', '=', String(id))
      .where('action', '=', 'agreement.resend')
      .where('created_at', '>', isoBefore(MINUTE))
      .executeTakeFirst();
    if (recent) throw new HttpError(429, 'bulk.sentRecently');
    // The signer is a customer's contact without an account or a language setting: the product's default language.
    await queueDirectMessage(trx, {
      kind: 'sms',
      userId: null,
      recipient: row.signer_mobile,
      type: 'agreement.link',
      locale: 'zh-CN',
      text: translate('zh-CN', 'agreement.linkSms', {
        name: row.agreement_name,
        date: beijingDate(row.expires_at),
        url: `${origin}${signUrl(row.code)}`,
      }),
    });
    await recordAudit(trx, {
      ...actor,
      action: 'agreement.resend',
      entityType: 'agreement',
      entityId: id,
      to: maskMobile(row.signer_mobile),
    });
  });
  return 'done';
}

/** Signing links in bulk: each resent or revoked on its own; `origin` is where the links point (the public address). */
export async function bulkAgreements(
  deps: AgreementDeps,
  body: AgreementBulk,
  context: BulkCaller & { origin: string },
) {
  const rows = await bulkRows(agreementSource(deps), body.target);
  const apply =
    body.action === 'revoke'
      ? (id: number) => revokeOne(deps, id, context.actor)
      : (id: number) => resendOne(deps, id, context.origin, context.actor);
  return applyToEach(rows, (row) => apply(row.id), context);
}
