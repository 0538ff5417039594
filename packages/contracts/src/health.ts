import { z } from 'zod';

export const DATABASE_KINDS = ['sqlite', 'postgres'] as const;
export const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(DATABASE_KINDS),
  version: z.string(),
  /**
   * The trademark search index, built in the background after start: searches wait for it while 'building'.
   * Everything else is served meanwhile.
   */
  searchIndex: z.enum(['building', 'ready']),
});
export type HealthResponse = z.infer<typeof healthResponse>;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];
