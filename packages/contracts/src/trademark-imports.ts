import { z } from 'zod';
import { listEnvelope } from './envelope.ts';
import { MAX_PAGE_SIZE } from './paging.ts';

/** One run of `trademark import` (office data into the marks), as the admin list shows it. */
export const TRADEMARK_IMPORT_STATUSES = ['running', 'done', 'failed'] as const;

export const trademarkImportListQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  status: z.enum(TRADEMARK_IMPORT_STATUSES).optional(),
});
export type TrademarkImportListQuery = z.infer<typeof trademarkImportListQuery>;

export const trademarkImportProblem = z.object({
  line: z.number().int(),
  record: z.number().int().optional(),
  entry: z.string().optional(),
  message: z.string(),
});

export const trademarkImportRow = z.object({
  id: z.number().int(),
  fileName: z.string(),
  /** jsonl, uspto-xml, st66 (comma-separated when an archive held several); null when none was recognised. */
  format: z.string().nullable(),
  status: z.enum(TRADEMARK_IMPORT_STATUSES),
  imported: z.number().int(),
  deleted: z.number().int(),
  refused: z.number().int(),
  skipped: z.number().int(),
  /** The file's faults first, then the first refused records with their positions (at most 100). */
  problems: z.array(trademarkImportProblem),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The feed (`TRADEMARK_FEEDS`) the file came from; null for an import by hand. */
  feed: z.string().nullable(),
});
export type TrademarkImportRow = z.infer<typeof trademarkImportRow>;

export const trademarkImportList = listEnvelope(trademarkImportRow);
