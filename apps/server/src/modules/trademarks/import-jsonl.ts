import type { Readable } from 'node:stream';
import { trademarkImportRecord } from '@kxt/contracts/trademarks';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { readLines } from '../../lib/lines.ts';
import { type ImportReport, ImportSink } from './import-sink.ts';

/**
 * Reads JSON Lines whose fields are the search result item (spec §3) into the sink, which upserts on (dataset,
 * applicationNumber). Bad lines are reported with their numbers and what is wrong; good lines are kept either way.
 */
export async function readJsonLines(sink: ImportSink, input: Readable): Promise<void> {
  for await (const line of readLines(input)) {
    if (line.tooLong) {
      sink.reject({ line: line.number, message: 'line is longer than 1,000,000 characters' });
      continue;
    }
    if (line.text.trim() === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(line.text);
    } catch {
      sink.reject({ line: line.number, message: 'not valid JSON' });
      continue;
    }
    const parsed = trademarkImportRecord.safeParse(json);
    if (!parsed.success) {
      sink.reject({
        line: line.number,
        message: parsed.error.issues
          .map((issue) => `${issue.path.join('.') || 'record'}: ${issue.message}`)
          .join('; '),
      });
      continue;
    }
    await sink.accept(parsed.data);
  }
}

/** Imports one JSON Lines stream on its own (tests and the demo seed; files go through `importTrademarkFile`). */
export async function importJsonLines(db: Kysely<DB>, input: Readable): Promise<ImportReport> {
  const sink = new ImportSink(db);
  await readJsonLines(sink, input);
  return sink.finish();
}
