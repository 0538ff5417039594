import { mkdir, mkdtemp, utimes, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { isoBefore } from '../../../lib/time.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { markRecord } from '../test-marks.ts';
import { parseFeeds } from './config.ts';
import { ABANDONED_AFTER_MS, type FeedScanOptions, scanFeeds } from './scan.ts';

let t: TestApp;
let dir: string;
let options: FeedScanOptions;
const logged: string[] = [];
beforeEach(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'kxt-feeds-'));
  logged.length = 0;
  options = {
    settleMs: 0,
    downloadDir: path.join(dir, 'downloads'),
    log: { info: () => undefined, error: (_data, message) => logged.push(message) },
  };
});
afterEach(async () => {
  await t.close();
});

const lines = (...names: string[]) =>
  `${names.map((name) => JSON.stringify(markRecord(name, { applicationNumber: `FEED-${name}`, dataset: 'EM' }))).join('\n')}\n`;
const markNames = async () =>
  (await t.ctx.db.selectFrom('marks').select('name').orderBy('name').execute()).map((row) => row.name);
const batches = () =>
  t.ctx.db
    .selectFrom('trademark_imports')
    .select(['id', 'feed', 'file_name', 'status', 'imported', 'checksum'])
    .orderBy('id')
    .execute();

async function folder(name: string, files: Record<string, string>) {
  const feedDir = path.join(dir, name);
  await mkdir(feedDir, { recursive: true });
  for (const [file, content] of Object.entries(files)) await writeFile(path.join(feedDir, file), content);
  return feedDir;
}

describe('trademark feeds', () => {
  it('imports each new delivery of a folder once, in name order, and again only when its content changes', async () => {
    const em = await folder('em', {
      '2026-11-02.jsonl': lines('ZEPHYRA'),
      '2026-11-01.jsonl': lines('ORBELLO'),
      'README.txt': 'not data',
    });
    const feeds = parseFeeds(`EM=${em}`);
    const first = await scanFeeds(t.ctx.db, feeds, options);
    expect(first.map((outcome) => [outcome.fileName, outcome.status])).toEqual([
      ['2026-11-01.jsonl', 'done'],
      ['2026-11-02.jsonl', 'done'],
    ]);
    expect(await markNames()).toEqual(['ORBELLO', 'ZEPHYRA']);

    // Nothing new: nothing imported.
    expect(await scanFeeds(t.ctx.db, feeds, options)).toEqual([]);
    expect(await batches()).toHaveLength(2);

    // The office sends a corrected file under the same name: read again; the mark is updated in place.
    await writeFile(path.join(em, '2026-11-02.jsonl'), lines('ZEPHYRA', 'QUINTAL'));
    const again = await scanFeeds(t.ctx.db, feeds, options);
    expect(again.map((outcome) => outcome.fileName)).toEqual(['2026-11-02.jsonl']);
    expect(await markNames()).toEqual(['ORBELLO', 'QUINTAL', 'ZEPHYRA']);
    const recorded = await batches();
    expect(recorded.map((batch) => [batch.feed, batch.file_name, batch.status, batch.imported])).toEqual([
      ['EM', '2026-11-01.jsonl', 'done', 1],
      ['EM', '2026-11-02.jsonl', 'done', 1],
      ['EM', '2026-11-02.jsonl', 'done', 2],
    ]);
    expect(recorded[0]?.checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it('leaves a file still being written for the next scan', async () => {
    const gb = await folder('gb', { 'old.jsonl': lines('SETTLED'), 'new.jsonl': lines('WRITING') });
    const old = new Date(Date.now() - 120_000);
    await utimes(path.join(gb, 'old.jsonl'), old, old);
    const outcomes = await scanFeeds(t.ctx.db, parseFeeds(`GB=${gb}`), { ...options, settleMs: 60_000 });
    expect(outcomes.map((outcome) => outcome.fileName)).toEqual(['old.jsonl']);
  });

  it('records a delivery in no known format as a failed batch once, and goes on with the other feeds', async () => {
    const bad = await folder('us', { 'broken.xml': '<nothing-known/>' });
    const good = await folder('cn', { 'a.jsonl': lines('HUAXIN') });
    const feeds = parseFeeds(`US=${bad},EM=${path.join(dir, 'missing')},CN=${good}`);
    const outcomes = await scanFeeds(t.ctx.db, feeds, options);
    expect(outcomes.map((outcome) => [outcome.feed, outcome.status])).toEqual([
      ['US', 'failed'],
      ['CN', 'done'],
    ]);
    expect(logged).toContain('trademark feed could not be read');
    // A failed delivery is not retried until its content changes.
    expect(await scanFeeds(t.ctx.db, feeds, options)).toEqual([]);
  });

  it('reads a delivery again when its earlier import was cut off long ago', async () => {
    const em = await folder('em', { 'a.jsonl': lines('RESUMO') });
    const feeds = parseFeeds(`EM=${em}`);
    await scanFeeds(t.ctx.db, feeds, options);
    await t.ctx.db
      .updateTable('trademark_imports')
      .set({ status: 'running', finished_at: null, started_at: isoBefore(ABANDONED_AFTER_MS + 60_000) })
      .execute();
    const outcomes = await scanFeeds(t.ctx.db, feeds, options);
    expect(outcomes).toHaveLength(1);
    expect((await batches()).map((batch) => batch.status)).toEqual(['failed', 'done']);
  });

  describe('from a URL', () => {
    let server: Server;
    let body = lines('FERNLY');
    beforeEach(async () => {
      server = createServer((request, response) => {
        if (request.url === '/missing') {
          response.statusCode = 404;
          response.end();
          return;
        }
        response.end(body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterEach(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it('downloads the delivery, imports it once per content, and logs a URL that fails', async () => {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const feeds = parseFeeds(`US=${base}/daily.jsonl,WO=${base}/missing`);
      expect((await scanFeeds(t.ctx.db, feeds, options)).map((outcome) => outcome.fileName)).toEqual([
        `${base}/daily.jsonl`,
      ]);
      expect(await scanFeeds(t.ctx.db, feeds, options)).toEqual([]);
      body = lines('FERNLY', 'GALVIO');
      await scanFeeds(t.ctx.db, feeds, options);
      expect(await markNames()).toEqual(['FERNLY', 'GALVIO']);
      expect(logged.filter((message) => message === 'trademark feed could not be read')).toHaveLength(3);
    });
  });
});

describe('a running server', () => {
  it('scans its feeds once it listens, and its search finds the delivered marks without a restart', async () => {
    const em = await folder('em', { 'first.jsonl': lines('VELOQUA') });
    const server = await createTestApp({
      feeds: { feeds: parseFeeds(`EM=${em}`), intervalMinutes: 0, settleSeconds: 0 },
    });
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      await expect
        .poll(
          async () => (await server.ctx.db.selectFrom('trademark_imports').select('status').execute()).length,
          {
            timeout: 10_000,
          },
        )
        .toBe(1);
      const admin = await server.loggedIn('feedadmin', 'admin');
      await expect
        .poll(
          async () => {
            const response = await admin.post('/api/trademark/search', {
              text: 'VELOQUA',
              datasets: 'EM',
              status: 'registered,filed,ended,unknown',
            });
            return (response.json().data?.results ?? []).map((row: { name: string }) => row.name);
          },
          { timeout: 10_000 },
        )
        .toContain('VELOQUA');
      const listed = await admin.get('/api/admin/trademark-imports');
      expect(listed.json().rows[0]).toMatchObject({ feed: 'EM', fileName: 'first.jsonl', status: 'done' });
    } finally {
      await server.close();
    }
  });
});

describe('TRADEMARK_FEEDS', () => {
  it('reads REGISTER=folder-or-URL entries', () => {
    expect(parseFeeds(' em=/srv/em , US=https://example.org/a.xml.gz')).toEqual([
      { name: 'EM', source: { kind: 'folder', path: '/srv/em' } },
      { name: 'US', source: { kind: 'url', url: 'https://example.org/a.xml.gz' } },
    ]);
    expect(parseFeeds(undefined)).toEqual([]);
  });

  it.each([
    ['/srv/em', /not REGISTER=folder-or-URL/],
    ['EM=/a,EM=/b', /EM is named twice/],
    ['EM=https://', /not a valid URL/],
  ])('stops start-up on %s, naming the variable', (value, message) => {
    expect(() => loadConfig({ DATA_DIR: dir, TRADEMARK_FEEDS: value })).toThrow(message);
    expect(() => loadConfig({ DATA_DIR: dir, TRADEMARK_FEEDS: value })).toThrow(/TRADEMARK_FEEDS/);
  });
});
