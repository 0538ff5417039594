import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { importTrademarkFile } from './import-batch.ts';
import { detectFormat } from './import-source.ts';
import { st66Status } from './import-st66.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => path.join(FIXTURES, name);

let t: TestApp;
let dir: string;
beforeEach(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'kxt-import-'));
});
afterEach(async () => {
  await t.close();
});

const marks = () => t.ctx.db.selectFrom('marks').selectAll().orderBy('application_number').execute();

/** Writes bytes to a temporary file and answers its path. */
async function temp(name: string, content: Buffer | string) {
  const file = path.join(dir, name);
  await writeFile(file, content);
  return file;
}

async function searchAs(text: string, datasets: string, status = 'registered,filed,ended,unknown') {
  const admin = await t.loggedIn(`searcher${Math.random().toString(36).slice(2, 8)}`, 'admin');
  const response = await admin.request({
    method: 'POST',
    url: '/api/trademark/search',
    payload: { text, datasets, status },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.results as Array<Record<string, unknown>>;
}

describe('TM-XML (WIPO ST.66) import', () => {
  it('keeps the first publication date of a record (the one an opposition runs from)', async () => {
    const xml = (await readFile(fixture('st66-gb-inline.xml'), 'utf8')).replace(
      '</ApplicationDate>',
      '</ApplicationDate><PublicationDetails><Publication><PublicationIdentifier>2015/040</PublicationIdentifier><PublicationDate>2015-10-02</PublicationDate></Publication><Publication><PublicationIdentifier>2016/002</PublicationIdentifier><PublicationDate>2016-01-08</PublicationDate></Publication></PublicationDetails>',
    );
    await importTrademarkFile(t.ctx.db, await temp('published.xml', xml), { maxRefusedPercent: 50 });
    const dates = await t.ctx.db.selectFrom('marks').select(['name', 'publication_date']).execute();
    expect(dates.find((row) => row.name === 'QUILLBERRY & CO')?.publication_date).toBe('2015-10-02');
  });

  it('reads an office namespace with inline parties into marks found by the search API with every field', async () => {
    const result = await importTrademarkFile(t.ctx.db, fixture('st66-gb-inline.xml'), {
      maxRefusedPercent: 50,
    });
    expect(result).toMatchObject({ formats: ['st66'], failure: undefined });
    expect(result.report).toMatchObject({ imported: 2, failed: 1, skipped: 1, deleted: 0, faults: [] });
    expect(result.report.problems).toEqual([
      { line: 54, record: 4, message: 'mark UK00003999003: missing or invalid niceClass' },
    ]);

    const [quillberry] = await searchAs('QUILLBERRY & CO', 'GB');
    expect(quillberry).toEqual({
      id: expect.any(Number),
      name: 'QUILLBERRY & CO',
      applicationNumber: 'UK00003123456',
      applicationDate: '2015-08-14',
      registrationDate: '2015-12-04',
      registrationNumber: 'UK00003123456',
      expiryDate: '2025-08-14',
      markFeature: 'Combined',
      niceClass: [9, 42],
      owner: 'Quillberry Limited',
      dataset: 'GB',
      status: 'registered',
      goodsAndServices: { '9': 'Computer software; mobile apps', '42': 'Software as a service' },
      goodsAndServicesTranslation: null,
      attorney: 'Marks & Clerks LLP',
      imageUrl: 'https://www.tmdn.org/tmview/trademark/image/GB500000003123456',
      similarityScore: 100,
      signals: expect.any(Array),
      designations: [],
    });
    const [tidewright] = await searchAs('TIDEWRIGHT', 'GB');
    expect(tidewright).toMatchObject({
      owner: 'Ada Wright',
      status: 'ended',
      attorney: null,
      markFeature: 'Word',
    });
  });

  it('resolves keyed parties listed later in the transaction, keeps designations, under a prefixed namespace', async () => {
    const result = await importTrademarkFile(t.ctx.db, fixture('st66-wipo-keyed.xml'));
    expect(result.report).toMatchObject({ imported: 2, failed: 0 });
    const [luminelle] = await searchAs('LUMINELLE', 'WO');
    expect(luminelle).toMatchObject({
      name: 'LUMINELLE',
      dataset: 'WO',
      owner: 'Luminelle SAS',
      attorney: 'Cabinet Conseil',
      goodsAndServices: { '3': 'Cosmétiques' },
      designations: ['CN', 'EM', 'US'],
      registrationNumber: '1234567',
      expiryDate: '2033-05-02',
    });
    const rows = await marks();
    // A key no list resolves stays as the office's reference.
    expect(rows.find((row) => row.name === 'OLD LUMEN')).toMatchObject({
      owner: 'WO-H-UNLISTED',
      status: 'ended',
    });
  });

  it('deletes marks and updates others in place, and a running index sees both', async () => {
    await importTrademarkFile(t.ctx.db, fixture('st66-gb-inline.xml'), { maxRefusedPercent: 50 });
    expect(await searchAs('TIDEWRIGHT', 'GB')).toHaveLength(1);
    const before = await marks();
    const result = await importTrademarkFile(t.ctx.db, fixture('st66-updates.xml'));
    expect(result.report).toMatchObject({ imported: 1, deleted: 1, failed: 0 });
    const after = await marks();
    expect(after.map((row) => row.application_number)).toEqual(['UK00003123456']);
    expect(after[0]?.id).toBe(before[0]?.id);
    expect(after[0]).toMatchObject({ name: 'QUILLBERRY', status: 'ended' });
    expect(await searchAs('TIDEWRIGHT', 'GB')).toHaveLength(0);
    expect(await searchAs('QUILLBERRY', 'GB', 'ended')).toMatchObject([{ name: 'QUILLBERRY' }]);
  });

  it('reads the same records from a .gz file and from a zip archive of many files', async () => {
    const gz = await temp('delivery.xml.gz', gzipSync(await readFile(fixture('st66-wipo-keyed.xml'))));
    expect((await importTrademarkFile(t.ctx.db, gz)).report).toMatchObject({ imported: 2, failed: 0 });
    const zipped = await importTrademarkFile(t.ctx.db, fixture('st66-archive.zip'), {
      maxRefusedPercent: 50,
    });
    expect(zipped.report).toMatchObject({ imported: 4, failed: 1, skipped: 1, faults: [] });
    expect(zipped.report.problems[0]).toMatchObject({ entry: 'delivery/st66-gb-inline.xml', record: 4 });
    expect((await marks()).length).toBe(4);
  });

  it('maps MarkCurrentStatusCode to the product statuses', () => {
    for (const [code, status] of [
      ['Registered', 'registered'],
      ['Registration cancellation pending', 'registered'],
      ['Application filed', 'filed'],
      ['Application published', 'filed'],
      ['Opposed', 'filed'],
      ['Application refused', 'ended'],
      ['Registration expired', 'ended'],
      ['Withdrawn', 'ended'],
      ['Ended', 'ended'],
      ['Something else', 'unknown'],
      ['', 'unknown'],
    ] as const)
      expect(st66Status(code), code).toBe(status);
  });
});

describe('clear failures', () => {
  it('fails on content in no known format, naming what was expected', async () => {
    const result = await importTrademarkFile(t.ctx.db, fixture('unknown-format.xml'));
    expect(result.failure).toMatch(/^not a trademark file this product reads/);
    expect(result.report.faults[0]?.message).toMatch(/XML whose root element is <html>.*expected JSON Lines/);
    expect(detectFormat(Buffer.from('id;name\n1;x'))).toEqual({ unknown: 'neither XML nor JSON Lines' });
    expect(detectFormat(Buffer.from(''))).toEqual({ unknown: 'the file is empty' });
    const batch = await t.ctx.db.selectFrom('trademark_imports').selectAll().executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ status: 'failed', imported: 0, format: null });
  });

  it('fails on a file with zero records', async () => {
    const result = await importTrademarkFile(t.ctx.db, fixture('st66-no-marks.xml'));
    expect(result).toMatchObject({ failure: 'no readable record', formats: ['st66'] });
  });

  it('fails on a truncated gzip file and a truncated zip archive, keeping what was read before', async () => {
    const whole = gzipSync(await readFile(fixture('st66-gb-inline.xml')));
    const gz = await temp('cut.xml.gz', whole.subarray(0, Math.floor(whole.length * 0.8)));
    const cut = await importTrademarkFile(t.ctx.db, gz, { maxRefusedPercent: 50 });
    expect(cut.failure).toMatch(/gzip file is truncated/);
    expect(cut.report.faults[0]?.message).toMatch(/gzip file is truncated or damaged/);

    const zip = await readFile(fixture('st66-archive.zip'));
    const zipFile = await temp('cut.zip', zip.subarray(0, zip.length - 40));
    const cutZip = await importTrademarkFile(t.ctx.db, zipFile);
    expect(cutZip.failure).toMatch(/zip archive is truncated/);
    expect(cutZip.report.faults[0]?.message).toMatch(/zip archive is truncated or damaged/);
  });

  it('never expands entities: a record using one is refused, not stored with the reference as its name', async () => {
    const result = await importTrademarkFile(t.ctx.db, fixture('st66-entity-bomb.xml'));
    expect(result.report).toMatchObject({ imported: 1, failed: 1 });
    expect(result.report.problems[0]).toMatchObject({ record: 1 });
    expect(result.report.problems[0]?.message).toMatch(/undefined entity/);
    expect((await marks()).map((row) => row.name)).toEqual(['SAFE NAME']);
    // 1 of 2 refused is above the default 5 %.
    expect(result.failure).toBe('1 of 2 records refused, more than 5%');
  });

  it('lists each import as a batch with its counts and first problems', async () => {
    await importTrademarkFile(t.ctx.db, fixture('st66-gb-inline.xml'));
    const [batch] = await t.ctx.db.selectFrom('trademark_imports').selectAll().execute();
    expect(batch).toMatchObject({ status: 'failed', format: 'st66', imported: 2, refused: 1, skipped: 1 });
    expect(JSON.parse(batch?.problems ?? '[]')).toMatchObject([{ record: 4 }]);
  });
});

describe('GET /api/admin/trademark-imports', () => {
  it('lists the batches newest first for admins, filtered by status, and refuses everyone else', async () => {
    await importTrademarkFile(t.ctx.db, fixture('st66-wipo-keyed.xml'));
    await importTrademarkFile(t.ctx.db, fixture('unknown-format.xml'));
    const admin = await t.loggedIn('importadmin', 'admin');
    const all = await admin.request({ method: 'GET', url: '/api/admin/trademark-imports' });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({
      total: 2,
      rows: [
        {
          status: 'failed',
          format: null,
          problems: [{ line: 0, message: expect.stringContaining('<html>') }],
        },
        { status: 'done', format: 'st66', imported: 2, refused: 0, fileName: fixture('st66-wipo-keyed.xml') },
      ],
    });
    const failed = await admin.request({ method: 'GET', url: '/api/admin/trademark-imports?status=failed' });
    expect(failed.json().total).toBe(1);
    const bad = await admin.request({ method: 'GET', url: '/api/admin/trademark-imports?status=broken' });
    expect(bad.statusCode).toBe(400);
    const customer = await t.loggedIn('importcustomer', 'customer', 'Some Co');
    expect((await customer.request({ method: 'GET', url: '/api/admin/trademark-imports' })).statusCode).toBe(
      403,
    );
  });
});
