import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ClientInfo } from '../auth/service.ts';
import { loadSigningEvidence } from './signing-evidence.ts';

/**
 * Who signed and how their identity was checked, as the evidence page prints it. Every field may be missing
 * (agreements signed before identity checks existed); the page then says "not recorded".
 */
export interface SignerIdentityEvidence {
  signerName: string | null;
  /** Already masked, e.g. 138****8000. */
  maskedMobile: string | null;
  codeSentAt: string | null;
  codeConfirmedAt: string | null;
  consentText: string | null;
  consentAt: string | null;
  ip: string | null;
  userAgent: string | null;
  templateVersion: number | null;
}

/**
 * The evidence of the signer's identity check (`loadSigningEvidence`: the code sent and confirmed, the consent) in the
 * shape the evidence page prints; the address and browser are those of the signing request itself.
 */
export async function loadSignerIdentity(
  db: Kysely<DB>,
  agreementId: number,
  client: ClientInfo,
): Promise<SignerIdentityEvidence> {
  const evidence = await loadSigningEvidence(db, agreementId);
  return {
    signerName: evidence?.signerName ?? null,
    maskedMobile: evidence?.maskedMobile || null,
    codeSentAt: evidence?.identity.codeSentAt ?? null,
    codeConfirmedAt: evidence?.identity.confirmedAt ?? null,
    consentText: evidence?.consent.text ?? null,
    consentAt: evidence?.consent.at ?? null,
    ip: client.ip,
    userAgent: client.userAgent,
    templateVersion: evidence?.templateVersion ?? null,
  };
}
