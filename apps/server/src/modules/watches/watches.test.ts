import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TrademarkImportRecord } from '@kxt/contracts/trademarks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoBefore } from '../../lib/time.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { chooseLanguage, testWorker } from '../notifications/test-helpers.ts';
import { importTrademarkFile } from '../trademarks/import-batch.ts';
import { markRecord } from '../trademarks/test-marks.ts';

let t: TestApp;
let buyer: TestClient;
let rival: TestClient;
let consultant: TestClient;
let dir: string;
const COMPANY = '星辰贸易有限公司';

beforeAll(async () => {
  t = await createTestApp();
  buyer = await t.loggedIn('buyer', 'customer', COMPANY);
  rival = await t.loggedIn('rival', 'customer', '别家公司');
  consultant = await t.loggedIn('advisor', 'consultant');
  dir = await mkdtemp(path.join(tmpdir(), 'kxt-watch-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

let files = 0;
/** Imports marks as an office delivery would arrive (one batch), and answers what the watches found. */
async function deliver(records: TrademarkImportRecord[]) {
  files += 1;
  const file = path.join(dir, `delivery-${files}.jsonl`);
  await writeFile(file, `${records.map((record) => JSON.stringify(record)).join('\n')}\n`);
  const result = await importTrademarkFile(t.ctx.db, file);
  expect(result.failure).toBeUndefined();
  return result.watches;
}

/** The watch events queued in the outbox so far (what the notification worker will tell). */
async function watchEvents() {
  const jobs = await t.ctx.db
    .selectFrom('outbox_jobs')
    .select(['payload', 'run_at'])
    .where('kind', '=', 'event')
    .orderBy('id')
    .execute();
  return jobs
    .map((job) => ({
      ...(JSON.parse(job.payload) as { name: string; markIds?: number[] }),
      runAt: job.run_at,
    }))
    .filter((event) => event.name.startsWith('watch.'));
}

const fr = (name: string, overrides: Partial<TrademarkImportRecord> = {}) =>
  markRecord(name, { dataset: 'FR', niceClass: [9], goodsAndServices: { '9': 'Logiciels' }, ...overrides });

async function watch(client: TestClient, body: object) {
  const response = await client.post('/api/trademark/watches', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; trial: boolean };
}
async function hitsOf(client: TestClient, query = '') {
  const response = await client.get(`/api/trademark/watch-hits${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    rows: { id: number; mark: { id: number; name: string; dataset: string }; score: number }[];
    total: number;
  };
}

describe('trademark watches', () => {
  let lumora: number;

  it("starts a company's first watch as a 30-day trial and the next one waiting for payment", async () => {
    const first = await watch(buyer, {
      text: 'LUMORA',
      countries: ['fr'],
      classes: [9],
      ownMarks: ['OWN-0001'],
    });
    expect(first.trial).toBe(true);
    lumora = first.id;
    const shown = (await buyer.get(`/api/trademark/watches/${lumora}`)).json().data;
    expect(shown).toMatchObject({ status: 'trial', countries: ['FR'], classes: [9], threshold: 60, hits: 0 });
    const days = (Date.parse(shown.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    const second = await watch(buyer, { text: 'ZORBEX', countries: ['US'] });
    expect(second.trial).toBe(false);
    expect((await buyer.get(`/api/trademark/watches/${second.id}`)).json().data.status).toBe(
      'awaiting_payment',
    );
  });

  it('reports the marks of a new batch that conflict where the watch has effect, and no others', async () => {
    const found = await deliver([
      markRecord('LUMORA', { dataset: 'EM', niceClass: [9] }), // an EU mark has effect in France
      fr('LUMORRA'), // one letter more
      markRecord('LUMORA', { dataset: 'DE', niceClass: [9] }), // Germany only: no effect in France
      fr('LUMORA', { niceClass: [30], goodsAndServices: { '30': 'Café' } }), // a class not watched
      fr('BANANA'), // not similar
      fr('LUMORA', { owner: COMPANY }), // the company's own mark, by owner
      fr('LUMORA', { applicationNumber: 'OWN-0001' }), // the company's own mark, by number
      markRecord('LUMORA', { dataset: 'WO', niceClass: [9], designations: ['FR', 'CN'] }),
      markRecord('LUMORA', { dataset: 'WO', niceClass: [9], designations: ['DE'] }),
    ]);
    expect(found).toMatchObject({ watches: 1, hits: 3 });
    const { rows } = await hitsOf(buyer, `?watchId=${lumora}`);
    expect(rows.map((row) => `${row.mark.name} ${row.mark.dataset}`).sort()).toEqual([
      'LUMORA EM',
      'LUMORA WO',
      'LUMORRA FR',
    ]);
    expect(rows.every((row) => row.score >= 60)).toBe(true);
    // Very similar marks are told at once (one notice for the batch), the others in the week's digest.
    const events = await watchEvents();
    const veryHigh = rows.filter((row) => row.score >= 80).map((row) => row.mark.id);
    expect(events.filter((event) => event.name === 'watch.hit')).toEqual([
      expect.objectContaining({ markIds: expect.arrayContaining(veryHigh) }),
    ]);
    const digests = events.filter((event) => event.name === 'watch.digest');
    expect(digests.length).toBe(rows.some((row) => row.score < 80) ? 1 : 0);
    for (const digest of digests) expect(new Date(digest.runAt).getUTCDay()).toBe(1);
  });

  it("tells the company's users of very similar marks at once, and no other company", async () => {
    await testWorker(t.ctx.db).drain();
    const titles = async (client: TestClient) =>
      ((await client.get('/api/notifications')).json().rows as { title: string }[]).map((row) => row.title);
    expect(await titles(buyer)).toContain('有人申请了与「LUMORA」高度近似的商标');
    const body = (
      (await buyer.get('/api/notifications')).json().rows as { title: string; body: string }[]
    ).find((row) => row.title.includes('LUMORA'))?.body;
    // None of these marks carries a publication date: the deadline is said to be unknown.
    expect(body).toContain('最早的异议截止日：未知');
    expect((await titles(rival)).some((title) => title.includes('LUMORA'))).toBe(false);
    // Read in English once the buyer reads English: the names listed as English lists them.
    await chooseLanguage(buyer, 'en-US');
    const english = (
      (await buyer.get('/api/notifications')).json().rows as { title: string; body: string }[]
    ).find((row) => row.title.includes('LUMORA'));
    expect(english?.title).toBe('A mark very similar to “LUMORA” has been filed');
    expect(english?.body).toMatch(
      /very similar new marks: (LUMOR+A, ){2}LUMOR+A\. The earliest opposition deadline: unknown;/,
    );
    await chooseLanguage(buyer, 'zh-CN');
  });

  it('keeps one hit per watch and mark when a batch brings the marks again, and finds a mark changed into a conflict', async () => {
    const again = await deliver([
      markRecord('LUMORA', { dataset: 'EM', niceClass: [9], applicationNumber: 'X' }),
    ]);
    expect(again?.hits).toBe(1);
    const before = (await hitsOf(buyer, `?watchId=${lumora}`)).total;
    const unchanged = await deliver([
      markRecord('LUMORA', { dataset: 'EM', niceClass: [9], applicationNumber: 'X' }),
    ]);
    const told = (await watchEvents()).length;
    expect(unchanged?.hits).toBe(0);
    expect((await hitsOf(buyer, `?watchId=${lumora}`)).total).toBe(before);
    // No hit, no alert: a mark imported again is told once only.
    expect((await watchEvents()).length).toBe(told);
    // A mark that did not conflict is renamed by its office: the changed mark is a new hit.
    await deliver([fr('QUARTZEN', { applicationNumber: 'RENAMED-1' })]);
    const renamed = await deliver([fr('LUMORAH', { applicationNumber: 'RENAMED-1' })]);
    expect(renamed?.hits).toBe(1);
  });

  it('gives each hit the last day to oppose it, from its publication and its register, or none when unknown', async () => {
    await deliver([
      markRecord('LUMORAA', { dataset: 'EM', niceClass: [9], publicationDate: '2026-11-20' }),
      fr('LUMORAE'),
    ]);
    const { rows } = await hitsOf(buyer, `?watchId=${lumora}`);
    const deadline = (name: string) =>
      (rows as unknown as { mark: { name: string }; oppositionDeadline: string | null }[]).find(
        (row) => row.mark.name === name,
      )?.oppositionDeadline;
    expect(deadline('LUMORAA')).toBe('2027-02-20');
    expect(deadline('LUMORAE')).toBeNull();
  });

  it('watches every form of the mark: a filing of its Chinese name conflicts too', async () => {
    const third = await t.loggedIn('third', 'customer', '三号公司');
    const bright = await watch(third, { text: 'BRIGHTSTAR', forms: ['明星光'], countries: ['CN'] });
    await deliver([markRecord('明星光', { dataset: 'CN', niceClass: [9] })]);
    const { rows } = await hitsOf(third, `?watchId=${bright.id}`);
    expect(rows.map((row) => row.mark.name)).toEqual(['明星光']);
    expect((await third.get(`/api/trademark/watches/${bright.id}`)).json().data.forms).toEqual(['明星光']);
  });

  it('reports only marks at or above its threshold', async () => {
    const strict = await watch(rival, { text: 'VANTORI', countries: ['FR'], threshold: 95 });
    await deliver([fr('VANTORI'), fr('VANTORIS')]);
    const { rows } = await hitsOf(rival, `?watchId=${strict.id}`);
    expect(rows.map((row) => row.mark.name)).toEqual(['VANTORI']);
  });

  it('matches no more once a watch has ended or is cancelled', async () => {
    await t.ctx.db
      .updateTable('trademark_watches')
      .set({ expires_at: isoBefore(1000) })
      .where('id', '=', lumora)
      .execute();
    expect((await buyer.get(`/api/trademark/watches/${lumora}`)).json().data.status).toBe('expired');
    const before = (await hitsOf(buyer, `?watchId=${lumora}`)).total;
    await deliver([fr('LUMORAX')]);
    expect((await hitsOf(buyer, `?watchId=${lumora}`)).total).toBe(before);

    const cancelled = await consultant.post(`/api/trademark/watches/${lumora}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect((await consultant.post(`/api/trademark/watches/${lumora}/cancel`)).statusCode).toBe(409);
  });

  it("hides another company's watches and hits (404) and lists only the caller's own", async () => {
    expect((await rival.get(`/api/trademark/watches/${lumora}`)).statusCode).toBe(404);
    expect((await rival.post(`/api/trademark/watches/${lumora}/cancel`)).statusCode).toBe(404);
    const theirs = await hitsOf(buyer, `?watchId=${lumora}`);
    const hit = theirs.rows[0];
    if (!hit) throw new Error('no hit');
    expect(
      (await rival.post(`/api/trademark/watch-hits/${hit.id}/review`, { review: 'consultant' })).statusCode,
    ).toBe(404);
    expect((await hitsOf(rival, `?watchId=${lumora}`)).total).toBe(0);
    const listed = (await rival.get('/api/trademark/watches')).json();
    expect(listed.rows.every((row: { customerName: string }) => row.customerName === '别家公司')).toBe(true);
    // Staff see every company's.
    expect((await consultant.get('/api/trademark/watches')).json().total).toBe(4);
  });

  it('lets the company set a hit aside or ask its consultant, whose queue then holds it', async () => {
    const [first, second] = (await hitsOf(buyer, `?watchId=${lumora}`)).rows;
    if (!first || !second) throw new Error('two hits expected');
    expect(
      (await buyer.post(`/api/trademark/watch-hits/${first.id}/review`, { review: 'not_relevant' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await buyer.post(`/api/trademark/watch-hits/${second.id}/review`, { review: 'consultant' }))
        .statusCode,
    ).toBe(200);
    const queue = await hitsOf(consultant, '?review=consultant');
    expect(queue.rows.map((row) => row.id)).toContain(second.id);
    expect(queue.rows.map((row) => row.id)).not.toContain(first.id);
    // The ask is a task for the consultants (this company has no consultant of its own): they are told.
    await testWorker(t.ctx.db).drain();
    const told = ((await consultant.get('/api/notifications')).json().rows as { title: string }[]).map(
      (row) => row.title,
    );
    expect(told).toContain(`${COMPANY} 请您看一件近似商标：${second.mark.name}`);
    expect((await buyer.get(`/api/trademark/watches/${lumora}`)).json().data.newHits).toBe(
      (await hitsOf(buyer, `?watchId=${lumora}&review=new`)).total,
    );
  });

  it.each([
    ['no country', { text: 'ABC', countries: [] }],
    ['a text too long', { text: 'A'.repeat(101), countries: ['US'] }],
    ['a threshold below the scale', { text: 'ABC', countries: ['US'], threshold: 10 }],
    ['a class that does not exist', { text: 'ABC', countries: ['US'], classes: [46] }],
    ['an unknown field', { text: 'ABC', countries: ['US'], paid: true }],
  ])('refuses a watch with %s (400)', async (_name, body) => {
    expect((await buyer.post('/api/trademark/watches', body)).statusCode).toBe(400);
  });

  it('needs staff to name the customer, and the customer to exist', async () => {
    expect(
      (await consultant.post('/api/trademark/watches', { text: 'ABC', countries: ['US'] })).statusCode,
    ).toBe(400);
    expect(
      (
        await consultant.post('/api/trademark/watches', {
          text: 'ABC',
          countries: ['US'],
          customerId: 987_654,
        })
      ).statusCode,
    ).toBe(404);
  });

  // The batch is matched with every name a threshold may reach, spelling-only ones under high risk too: the search
  // screen reads those from 60 only (the engine's singleSignalFloor).
  it('reports a mark only spelt somewhat alike when its threshold is below high risk', async () => {
    const third = await t.loggedIn('loose-watcher', 'customer', '宽松公司');
    const loose = await watch(third, { text: 'KORVELANTIS', countries: ['FR'], threshold: 50 });
    await deliver([fr('KORVELAMBIS')]);
    const { rows } = await hitsOf(third, `?watchId=${loose.id}`);
    expect(rows.map((row) => [row.mark.name, row.score])).toEqual([['KORVELAMBIS', 53.2]]);
  });
});
