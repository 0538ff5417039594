import { z } from 'zod';

/** The seal variables (README "Configuration"); merged into the server's environment schema. */
export const sealEnv = {
  /** A PKCS#12 file: its path, or its bytes in base64 after `base64:` (for hosts that only take variables). */
  SIGNING_CERT_P12: z.string().min(1).optional(),
  SIGNING_CERT_PASSWORD: z.string().optional(),
  /** An RFC 3161 time-stamping authority; each seal then carries a signature time stamp. */
  SIGNING_TSA_URL: z.url({ protocol: /^https?$/ }).optional(),
};
const sealEnvSchema = z.object(sealEnv);
type SealEnv = z.output<typeof sealEnvSchema>;

export interface SealConfig {
  /** The platform's certificate and key as PKCS#12; without it a self-signed one is made in DATA_DIR. */
  p12?: { source: string; password: string };
  tsaUrl?: string;
}

export function toSealConfig(env: SealEnv): SealConfig {
  if (env.SIGNING_CERT_PASSWORD !== undefined && !env.SIGNING_CERT_P12) {
    throw new Error('SIGNING_CERT_PASSWORD: set SIGNING_CERT_P12 too, or leave both unset');
  }
  return {
    ...(env.SIGNING_CERT_P12
      ? { p12: { source: env.SIGNING_CERT_P12, password: env.SIGNING_CERT_PASSWORD ?? '' } }
      : {}),
    ...(env.SIGNING_TSA_URL ? { tsaUrl: env.SIGNING_TSA_URL } : {}),
  };
}
