import { z } from 'zod';

/** Every JSON answer of the API carries `code` equal to the HTTP status and a human-readable `msg`. */
export const errorEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  /** Field errors of a 400 answer: path → message. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export function listEnvelope<T extends z.ZodType>(row: T) {
  return z.object({ code: z.number().int(), msg: z.string(), rows: z.array(row), total: z.number().int() });
}

export type DataEnvelope<T> = { code: number; msg: string; data: T };
export type ListEnvelope<T> = { code: number; msg: string; rows: T[]; total: number };
