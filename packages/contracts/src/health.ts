import { z } from 'zod';

export const DATABASE_KINDS = ['sqlite', 'postgres'] as const;
export const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(DATABASE_KINDS),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponse>;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];
