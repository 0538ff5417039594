import type { FilingReceiptRecord, RegistrationRecord } from '@kxt/contracts/patents';
import { nextRenewal, type RenewalResult } from './renewal-rules.ts';

/** The columns of a patent order its renewal date is worked out from. */
export interface RenewalSource {
  country_code: string;
  patent_type: number;
  renewal_time: string | null;
  filing_receipt: string | null;
  us_filing: string | null;
  registration: string | null;
  certificate_time: string | null;
}

const submitted = <T extends { type: 0 | 1 }>(json: string | null): T | null => {
  const record = json ? (JSON.parse(json) as T) : null;
  return record?.type === 1 ? record : null;
};

/** The filing date: the submitted filing receipt's (the US filing receipt's for US orders). */
function filedOn(order: RenewalSource): string | null {
  const us = submitted<{ type: 0 | 1; records: [{ acceptTime: string }, unknown] }>(order.us_filing);
  return (
    us?.records[0].acceptTime || submitted<FilingReceiptRecord>(order.filing_receipt)?.acceptTime || null
  );
}

/** The grant date: the certificate's, else the registration's (Japan's 設定登録). */
function grantedOn(order: RenewalSource): string | null {
  return (
    order.certificate_time ?? submitted<RegistrationRecord>(order.registration)?.brandRegisterTime ?? null
  );
}

/**
 * The order's next renewal: the date staff entered with the certificate when there is one, else the rule table's
 * date for its country, type and filing date, else why there is none.
 */
export function renewalOf(order: RenewalSource, asOf: Date): RenewalResult {
  if (order.renewal_time) return { dueOn: order.renewal_time.slice(0, 10) };
  return nextRenewal(
    {
      countryCode: order.country_code,
      patentType: order.patent_type,
      filedOn: filedOn(order),
      grantedOn: grantedOn(order),
    },
    asOf,
  );
}
