import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { HOUR, isoBefore, nowIso } from '../../../lib/time.ts';
import { importTrademarkFile } from '../import-batch.ts';
import type { Feed } from './config.ts';

/** Files a feed folder delivers: office data and archives of it (read-me files and partial downloads are passed over). */
const DELIVERY = /\.(xml|gz|zip|jsonl|ndjson|json)$/i;
/** A batch still "running" this long after it started was cut off (the process stopped): its file is read again. */
export const ABANDONED_AFTER_MS = 6 * HOUR;
/** How long a feed URL may take to download. */
const DOWNLOAD_TIMEOUT_MS = 30 * 60_000;

export interface FeedScanOptions {
  /** A file changed less than this long ago is still being written. */
  settleMs: number;
  /** Where URL deliveries are downloaded to before they are read (emptied after). */
  downloadDir: string;
  log: { info: (data: object, message: string) => void; error: (data: object, message: string) => void };
}

/** What a scan did with one delivery. */
export interface FeedFileOutcome {
  feed: string;
  fileName: string;
  batchId: number;
  status: 'done' | 'failed';
}

interface Delivery {
  /** Where the bytes are now. */
  path: string;
  /** The name the batch records: the file's name in its folder, or the URL. */
  name: string;
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** The settled delivery files of a folder, oldest name first (offices name deliveries by date). */
async function folderDeliveries(folder: string, settleMs: number): Promise<Delivery[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const settledBefore = Date.now() - settleMs;
  const deliveries: Delivery[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isFile() || entry.name.startsWith('.') || !DELIVERY.test(entry.name)) continue;
    const file = path.join(folder, entry.name);
    if (Math.floor((await stat(file)).mtimeMs) > settledBefore) continue;
    deliveries.push({ path: file, name: entry.name });
  }
  return deliveries;
}

async function download(url: string, folder: string, feed: string): Promise<Delivery> {
  const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, `${feed}-${Date.now()}.download`);
  await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(file));
  return { path: file, name: url };
}

/**
 * Whether a delivery was imported (or is being imported) already: a batch of the same feed, name and content. A
 * batch cut off long ago is closed as failed, so the file is read again.
 */
async function alreadyTaken(db: Kysely<DB>, feed: string, name: string, checksum: string): Promise<boolean> {
  const batches = await db
    .selectFrom('trademark_imports')
    .select(['id', 'status', 'started_at'])
    .where('feed', '=', feed)
    .where('file_name', '=', name.slice(-500))
    .where('checksum', '=', checksum)
    .execute();
  const abandonedBefore = isoBefore(ABANDONED_AFTER_MS);
  const abandoned = batches.filter(
    (batch) => batch.status === 'running' && batch.started_at < abandonedBefore,
  );
  if (abandoned.length > 0) {
    await db
      .updateTable('trademark_imports')
      .set({
        status: 'failed',
        finished_at: nowIso(),
        problems: JSON.stringify([{ line: 0, message: 'interrupted: the server stopped during the import' }]),
      })
      .where(
        'id',
        'in',
        abandoned.map((batch) => batch.id),
      )
      .where('status', '=', 'running')
      .execute();
  }
  return batches.length > abandoned.length;
}

/**
 * One pass over every feed: each new delivery (by name and SHA-256) is imported as one batch, in name order. A feed
 * that cannot be read (a missing folder, a URL that fails) is logged and the others go on. Two server processes
 * scanning at once may both import a delivery; importing a record again updates it in place, so that costs only time.
 */
export async function scanFeeds(
  db: Kysely<DB>,
  feeds: Feed[],
  options: FeedScanOptions,
): Promise<FeedFileOutcome[]> {
  const outcomes: FeedFileOutcome[] = [];
  for (const feed of feeds) {
    let deliveries: Delivery[];
    try {
      deliveries =
        feed.source.kind === 'folder'
          ? await folderDeliveries(feed.source.path, options.settleMs)
          : [await download(feed.source.url, options.downloadDir, feed.name)];
    } catch (error) {
      options.log.error({ feed: feed.name, err: error }, 'trademark feed could not be read');
      continue;
    }
    for (const delivery of deliveries) {
      try {
        const checksum = await sha256(delivery.path);
        if (await alreadyTaken(db, feed.name, delivery.name, checksum)) continue;
        const result = await importTrademarkFile(db, delivery.path, {
          feed: { name: feed.name, fileName: delivery.name, checksum },
        });
        outcomes.push({
          feed: feed.name,
          fileName: delivery.name,
          batchId: result.batchId,
          status: result.failure ? 'failed' : 'done',
        });
        options.log.info(
          {
            feed: feed.name,
            file: delivery.name,
            batch: result.batchId,
            failure: result.failure,
            imported: result.report.imported,
            deleted: result.report.deleted,
            refused: result.report.failed,
          },
          'trademark feed delivery imported',
        );
        // The marks are in; matching them against the watches failed, and an operator must hear of it.
        if (result.watchError)
          options.log.error(
            { feed: feed.name, file: delivery.name, batch: result.batchId, err: result.watchError },
            'trademark watches could not be matched',
          );
      } catch (error) {
        options.log.error(
          { feed: feed.name, file: delivery.name, err: error },
          'trademark feed delivery failed',
        );
      } finally {
        if (feed.source.kind === 'url') await rm(delivery.path, { force: true });
      }
    }
  }
  return outcomes;
}
