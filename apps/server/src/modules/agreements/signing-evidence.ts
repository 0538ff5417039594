import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { maskMobile } from './identity.ts';

/** What the evidence page prints about who signed and how their identity was checked (issue #18, items 2 and 4). */
export interface SigningEvidence {
  agreementId: number;
  templateVersion: number;
  signerName: string | null;
  /** 138****5678: the evidence page never prints the whole number. */
  maskedMobile: string;
  signerEmail: string | null;
  identity: {
    method: 'sms-otp';
    /** When the code the signer confirmed was sent, and when they confirmed it (ISO 8601, UTC). */
    codeSentAt: string | null;
    confirmedAt: string | null;
    ip: string | null;
    userAgent: string | null;
  };
  consent: {
    version: string | null;
    language: string | null;
    text: string | null;
    at: string | null;
  };
  /** Address and browser of the signature itself (they may differ from the identity check's). */
  signing: { signedAt: string | null; ip: string | null; userAgent: string | null };
}

/** The signer's identity and consent as recorded on the agreement, or null for an unknown id. */
export async function loadSigningEvidence(
  db: Kysely<DB>,
  agreementId: number,
): Promise<SigningEvidence | null> {
  const row = await db
    .selectFrom('agreements')
    .innerJoin('agreement_templates as t', 't.id', 'agreements.template_id')
    .select([
      'agreements.id',
      't.version as template_version',
      'agreements.signer_name',
      'agreements.signer_mobile',
      'agreements.signer_email',
      'agreements.identity_code_sent_at',
      'agreements.identity_confirmed_at',
      'agreements.identity_ip',
      'agreements.identity_user_agent',
      'agreements.consent_version',
      'agreements.consent_language',
      'agreements.consent_text',
      'agreements.consent_at',
      'agreements.signed_at',
      'agreements.signer_ip',
      'agreements.signer_user_agent',
    ])
    .where('agreements.id', '=', agreementId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    agreementId: row.id,
    templateVersion: row.template_version,
    signerName: row.signer_name,
    maskedMobile: maskMobile(row.signer_mobile),
    signerEmail: row.signer_email,
    identity: {
      method: 'sms-otp',
      codeSentAt: row.identity_code_sent_at,
      confirmedAt: row.identity_confirmed_at,
      ip: row.identity_ip,
      userAgent: row.identity_user_agent,
    },
    consent: {
      version: row.consent_version,
      language: row.consent_language,
      text: row.consent_text,
      at: row.consent_at,
    },
    signing: { signedAt: row.signed_at, ip: row.signer_ip, userAgent: row.signer_user_agent },
  };
}
