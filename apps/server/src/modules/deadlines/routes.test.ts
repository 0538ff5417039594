import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { userIdOf } from '../notifications/test-helpers.ts';
import { companyOf, patentOrder } from '../patents/test-fixtures.ts';
import { syncDeadlines } from './sync.ts';
import { dayFrom } from './test-helpers.ts';

let t: TestApp;
let reviewer: TestClient;
let alice: TestClient;
let bob: TestClient;
const today = new Date();

beforeEach(async () => {
  t = await createTestApp();
  reviewer = await t.loggedIn('rev', 'reviewer');
  alice = await t.loggedIn('alice', 'customer', 'Alice Ltd');
  bob = await t.loggedIn('bob', 'customer', 'Bob Ltd');
});
afterEach(() => t.close());

/** Alice's OA due in 5 days and one overdue; Bob's OA due in 3 days and an authorization fee; all synced. */
async function seed() {
  const aliceCo = await companyOf(t, 'alice');
  const bobCo = await companyOf(t, 'bob');
  await patentOrder(t, aliceCo, {
    status: 5,
    oa_abort_answer_time: dayFrom(today, 5),
    service_code: 'PT-A-1',
  });
  await patentOrder(t, aliceCo, {
    status: -2,
    oa_abort_answer_time: dayFrom(today, -4),
    service_code: 'PT-A-2',
  });
  await patentOrder(t, bobCo, { status: 5, oa_abort_answer_time: dayFrom(today, 3), service_code: 'PT-B-1' });
  await patentOrder(t, bobCo, {
    status: 12,
    authorization_amount: 50_000,
    status_changed_at: today.toISOString(),
    service_code: 'PT-B-2',
  });
  await syncDeadlines(t.ctx.db, {}, today, [0]);
}

const range = (from: number, to: number) => `from=${dayFrom(today, from)}&to=${dayFrom(today, to)}`;

describe('GET /api/admin/deadlines', () => {
  it('lists every company’s deadlines in the range, soonest first, each with a link to its record', async () => {
    await seed();
    const answer = await reviewer.get(`/api/admin/deadlines?${range(-30, 90)}`);
    expect(answer.statusCode).toBe(200);
    const rows = answer.json().rows as { reference: string; daysLeft: number; kind: string; link: string }[];
    expect(rows.map((row) => row.reference)).toEqual(['PT-A-2', 'PT-B-1', 'PT-A-1', 'PT-B-2']);
    expect(rows[0]).toMatchObject({
      daysLeft: -4,
      kind: 'oaReply',
      link: '/admin/patents?tab=all&keyword=PT-A-2',
    });
  });

  it('filters by range, kind and overdue', async () => {
    await seed();
    const rowsOf = async (query: string) =>
      ((await reviewer.get(`/api/admin/deadlines?${query}`)).json().rows as { reference: string }[]).map(
        (row) => row.reference,
      );
    expect(await rowsOf(range(0, 4))).toEqual(['PT-B-1']);
    expect(await rowsOf(`${range(-30, 90)}&kind=authorizationFee`)).toEqual(['PT-B-2']);
    expect(await rowsOf(`${range(-30, 90)}&overdue=1`)).toEqual(['PT-A-2']);
  });

  it('refuses customers (403), a reversed or too long range and an unknown kind (400)', async () => {
    expect((await alice.get(`/api/admin/deadlines?${range(0, 10)}`)).statusCode).toBe(403);
    expect((await reviewer.get(`/api/admin/deadlines?${range(10, 0)}`)).statusCode).toBe(400);
    expect((await reviewer.get(`/api/admin/deadlines?${range(0, 800)}`)).statusCode).toBe(400);
    expect((await reviewer.get(`/api/admin/deadlines?${range(0, 10)}&kind=tax`)).statusCode).toBe(400);
    expect((await reviewer.get('/api/admin/deadlines?from=2026-13-01&to=x')).statusCode).toBe(400);
  });
});

describe('GET /api/deadlines/upcoming', () => {
  it('shows the caller’s own company’s coming deadlines only, soonest first', async () => {
    await seed();
    const mine = (await alice.get('/api/deadlines/upcoming')).json();
    expect(mine.rows.map((row: { reference: string }) => row.reference)).toEqual(['PT-A-1']);
    expect(mine.rows[0]).toMatchObject({ daysLeft: 5, link: '/trademark/patent?keyword=PT-A-1' });
    const bobs = (await bob.get('/api/deadlines/upcoming?limit=1')).json();
    expect(bobs.rows.map((row: { reference: string }) => row.reference)).toEqual(['PT-B-1']);
    expect(bobs.total).toBe(2);
  });

  it('an empty list when there is nothing; staff are refused; a bad limit is a 400', async () => {
    expect((await alice.get('/api/deadlines/upcoming')).json()).toMatchObject({ rows: [], total: 0 });
    expect((await reviewer.get('/api/deadlines/upcoming')).statusCode).toBe(403);
    expect((await alice.get('/api/deadlines/upcoming?limit=0')).statusCode).toBe(400);
  });
});

describe('deadline reminder preferences', () => {
  it('cannot turn a deadline reminder’s in-app channel off; other channels may go', async () => {
    const id = await userIdOf(t, 'alice');
    const put = (channels: { inApp: boolean; email: boolean; sms: boolean }) =>
      alice.request({
        method: 'PUT',
        url: `/api/notification-preferences/${id}/deadline.reminder`,
        payload: channels,
      });
    const off = await put({ inApp: false, email: true, sms: true });
    expect(off.statusCode).toBe(400);
    const rows = (await alice.get(`/api/notification-preferences/${id}`)).json().data;
    expect(rows.find((row: { type: string }) => row.type === 'deadline.reminder')).toMatchObject({
      channels: { inApp: true, email: true, sms: true },
      deadline: true,
      inAppLocked: true,
    });
    const quiet = await put({ inApp: true, email: false, sms: false });
    expect(quiet.statusCode).toBe(200);
  });
});

describe('the patent list’s renewal column', () => {
  it('shows the computed renewal date, or none with the reason', async () => {
    const aliceCo = await companyOf(t, 'alice');
    const receipt = (acceptTime: string) =>
      JSON.stringify({
        dataId: null,
        referenceNumber: 'R',
        agent: null,
        acceptTime,
        acceptReceiptFiles: [],
        type: 1,
      });
    // Germany (49), invention: yearly from the 3rd year at the end of the month.
    await patentOrder(t, aliceCo, {
      status: 8,
      country_id: 49,
      patent_type: 2,
      filing_receipt: receipt('2025-02-10'),
      service_code: 'PT-DE',
    });
    // France (33) is not in the rule table.
    await patentOrder(t, aliceCo, {
      status: 8,
      country_id: 33,
      patent_type: 2,
      filing_receipt: receipt('2025-02-10'),
      service_code: 'PT-FR',
    });
    const rows = (await alice.get('/api/patent/services?pageSize=50')).json().rows as {
      serviceCode: string;
      renewalTime: string | null;
      renewalMissing: string | null;
    }[];
    expect(rows.find((row) => row.serviceCode === 'PT-DE')).toMatchObject({
      renewalTime: '2027-02-28',
      renewalMissing: null,
    });
    expect(rows.find((row) => row.serviceCode === 'PT-FR')).toMatchObject({
      renewalTime: null,
      renewalMissing: 'unknownCountry',
    });
  });
});
