import type { DeadlineKind } from '@kxt/contracts/deadlines';
import { ENDED_PATENT_STATUSES, PATENT_STATUS } from '@kxt/contracts/patents';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DAY } from '../../lib/time.ts';
import { renewalOf } from './patent-renewal.ts';

/** A deadline as its source record says it is now. */
export interface SourceDeadline {
  kind: DeadlineKind;
  recordId: number;
  customerId: number;
  dueOn: string;
  reference: string;
  title: string;
}

/** Which records to read: all of them (the daily sweep), or the ones an event touched. */
export interface SourceScope {
  patentOrderIds?: readonly number[];
  agreementIds?: readonly number[];
}

/** Statuses at which an office action's reply is outstanding: to answer, answer rejected, answer uploaded not filed. */
export const OA_OPEN_STATUSES: readonly number[] = [
  PATENT_STATUS.officeAction,
  PATENT_STATUS.replyRejected,
  PATENT_STATUS.replyUploaded,
];

/**
 * How long the customer has to pay an authorization (grant) fee once it is set (status 12): two months, the
 * CNIPA's period after the notice of grant (Implementing Regulations r. 60 (2023 text)) and the longest of the
 * markets served; staff chase earlier ones themselves.
 */
export const AUTHORIZATION_FEE_DAYS = 60;

const dayOf = (iso: string) => iso.slice(0, 10);

/** Patent orders' deadlines: OA reply, next renewal, authorization fee. */
async function patentDeadlines(db: Kysely<DB>, scope: SourceScope, asOf: Date): Promise<SourceDeadline[]> {
  if (scope.patentOrderIds?.length === 0) return [];
  let query = db
    .selectFrom('patent_orders')
    .innerJoin('patent_countries', 'patent_countries.id', 'patent_orders.country_id')
    .select([
      'patent_orders.id',
      'patent_orders.customer_id',
      'patent_orders.service_code',
      'patent_orders.apply_title',
      'patent_orders.service_name',
      'patent_orders.status',
      'patent_orders.status_changed_at',
      'patent_orders.created_at',
      'patent_orders.oa_abort_answer_time',
      'patent_orders.authorization_amount',
      'patent_orders.patent_type',
      'patent_orders.renewal_time',
      'patent_orders.filing_receipt',
      'patent_orders.us_filing',
      'patent_orders.registration',
      'patent_orders.certificate_time',
      'patent_countries.code as country_code',
    ])
    .where('patent_orders.status', 'not in', ENDED_PATENT_STATUSES as number[]);
  if (scope.patentOrderIds) query = query.where('patent_orders.id', 'in', scope.patentOrderIds);
  const found: SourceDeadline[] = [];
  for (const order of await query.execute()) {
    const base = {
      recordId: order.id,
      customerId: order.customer_id,
      reference: order.service_code,
      title: order.apply_title,
    };
    if (order.oa_abort_answer_time && OA_OPEN_STATUSES.includes(order.status)) {
      found.push({ ...base, kind: 'oaReply', dueOn: dayOf(order.oa_abort_answer_time) });
    }
    if (order.status === PATENT_STATUS.feePayable && order.authorization_amount) {
      const since = Date.parse(order.status_changed_at ?? order.created_at);
      const dueOn = dayOf(new Date(since + AUTHORIZATION_FEE_DAYS * DAY).toISOString());
      found.push({ ...base, kind: 'authorizationFee', dueOn });
    }
    const renewal = renewalOf(order, asOf);
    if ('dueOn' in renewal) found.push({ ...base, kind: 'renewal', dueOn: renewal.dueOn });
  }
  return found;
}

/** Signing links not yet signed nor revoked expire. */
async function agreementDeadlines(db: Kysely<DB>, scope: SourceScope): Promise<SourceDeadline[]> {
  if (scope.agreementIds?.length === 0) return [];
  let query = db
    .selectFrom('agreements')
    .select(['id', 'customer_id', 'agreement_name', 'expires_at'])
    .where('status', '<', 2)
    .where('revoked', '=', 0);
  if (scope.agreementIds) query = query.where('id', 'in', scope.agreementIds);
  return (await query.execute()).map((agreement) => ({
    kind: 'signingLink',
    recordId: agreement.id,
    customerId: agreement.customer_id,
    dueOn: dayOf(agreement.expires_at),
    reference: agreement.agreement_name,
    title: agreement.agreement_name,
  }));
}

/** Kinds read from each table: a scope naming only one table's records leaves the other's deadlines alone. */
export const KINDS_OF = {
  patent: ['oaReply', 'renewal', 'authorizationFee'],
  agreement: ['signingLink'],
} as const satisfies Record<string, readonly DeadlineKind[]>;

/** The deadlines the records in scope carry now. */
export async function sourceDeadlines(
  db: Kysely<DB>,
  scope: SourceScope,
  asOf: Date,
): Promise<SourceDeadline[]> {
  const [patents, agreements] = await Promise.all([
    scope.agreementIds && !scope.patentOrderIds ? [] : patentDeadlines(db, scope, asOf),
    scope.patentOrderIds && !scope.agreementIds ? [] : agreementDeadlines(db, scope),
  ]);
  return [...patents, ...agreements];
}
