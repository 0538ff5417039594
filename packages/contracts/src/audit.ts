import { z } from 'zod';

/** One row of an entity's audit trail as the back office reads it (agreements, patent orders). */
export const auditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  reason: z.string().nullable(),
  /** The staff username, or a label such as `public-link` or the payment provider. */
  actor: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntry>;
