import type { PaymentState } from '@kxt/contracts/payments';
import type { WorkbenchCounts } from '@kxt/contracts/workbench';
import { TAX_DUE_SOON_DAYS } from '@kxt/contracts/workbench-views';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { utcDate } from '../../lib/list.ts';
import { DAY, isoAfter, nowIso } from '../../lib/time.ts';
import { listFixtures } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, TestClient } from '../../test/test-app.ts';
import { companyOf } from '../patents/test-fixtures.ts';

const COUNTS = '/api/admin/workbench/counts';

let t: TestApp;
let company: number;
let payer: number;

beforeEach(async () => {
  t = await createTestApp();
  payer = await t.user('cust1', 'customer', '宁波工作台测试有限公司');
  company = await companyOf(t, 'cust1');
});
afterEach(async () => {
  await t.close();
});

async function countsOf(client: TestClient): Promise<WorkbenchCounts> {
  const response = await client.get(COUNTS);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function listTotal(client: TestClient, url: string): Promise<number> {
  const response = await client.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().total;
}

let orders = 0;
/** A payment order made by hand in `state`, so each test knows exactly what is there. */
async function paymentOrder(state: PaymentState) {
  orders += 1;
  const at = nowIso();
  await t.ctx.db
    .insertInto('payment_orders')
    .values({
      order_no: `WB${String(orders).padStart(8, '0')}`,
      reference: `KXT-PAY-WB${orders}`,
      customer_id: company,
      user_id: payer,
      kind: 'service-purchase',
      subject_ref: '1',
      description: 'VAT 注册及申报',
      quantity: 1,
      mark: null,
      amount: 480_000,
      currency: 'CNY',
      pay_type: 3,
      provider: 'transfer',
      provider_order_no: null,
      state,
      payer_account: '宁波工作台测试有限公司',
      voucher_file_id: null,
      reject_reason: null,
      reviewed_by: null,
      reviewed_at: null,
      refund_reason: null,
      refunded_by: null,
      refunded_at: null,
      return_url: null,
      expires_at: isoAfter(7 * DAY),
      paid_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/** Declarations of one service item due `days` from today (negative: past due); `declared` ones are done. */
async function declarations(days: number[], declared: number[] = []) {
  const rows = listFixtures(t.ctx.db);
  const service = await rows.service();
  const item = await rows.item('WB-VAT-001', company, service);
  const ids = new Map<number, number>();
  for (const offset of days) ids.set(offset, await rows.declaration(item, offset));
  for (const offset of declared) await rows.declaration(item, offset, { by: 'us' });
  return ids;
}

/** A mark some watch found, in `review` state. */
async function hits(reviews: ('new' | 'not_relevant' | 'consultant')[]) {
  const at = nowIso();
  const watch = await t.ctx.db
    .insertInto('trademark_watches')
    .values({
      customer_id: company,
      created_by: payer,
      text: 'LUMORA',
      countries: 'US',
      threshold: 60,
      status: 'active',
      starts_at: at,
      expires_at: isoAfter(300 * DAY),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [index, review] of reviews.entries()) {
    const mark = await t.ctx.db
      .insertInto('marks')
      .values({
        dataset: 'US',
        application_number: `WB-${index}`,
        name: `LUMORA${index}`,
        application_date: '2026-01-05',
        registration_date: null,
        nice_classes: '9',
        owner: 'Rival Ltd',
        status: 'filed',
        goods_and_services: '{}',
        goods_translation: null,
        attorney: null,
        image_url: null,
        registration_number: null,
        expiry_date: null,
        mark_feature: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('trademark_watch_hits')
      .values({
        watch_id: watch.id,
        mark_id: mark.id,
        score: 90,
        signals: '[]',
        import_id: null,
        review,
        created_at: at,
      })
      .execute();
  }
}

describe('工作台 counts', () => {
  it('gives finance the transfers to review and the tax declarations overdue and due soon, as their lists count them', async () => {
    for (const state of ['submitted', 'submitted', 'approved', 'rejected', 'created'] as const)
      await paymentOrder(state);
    // Overdue: 1 and 40 days past. Due soon: today and the window's last day. Later: the day after it. Declared
    // returns, past due or not, wait on nobody.
    const ids = await declarations([-40, -1, 0, TAX_DUE_SOON_DAYS, TAX_DUE_SOON_DAYS + 1], [-3, 2]);
    const finance = await t.loggedIn('finance1', 'finance');

    const counts = await countsOf(finance);
    const until = utcDate(TAX_DUE_SOON_DAYS);
    expect(counts).toEqual({
      finance: { transfersToReview: 2, taxOverdue: 2, taxDueSoon: 2, taxDueSoonUntil: until },
    });
    // Each count is what its link lists: the payments' 待审核 tab, the declarations' 已逾期 tab, and their 未申报 tab
    // due up to the window's last day.
    expect(await listTotal(finance, '/api/admin/payments?status=submitted')).toBe(2);
    expect(await listTotal(finance, '/api/admin/tax-declarations?status=overdue')).toBe(2);
    expect(await listTotal(finance, `/api/admin/tax-declarations?status=pending&dueTo=${until}`)).toBe(2);

    // Declaring an overdue return shows at once (the lists' count cache is dropped by the write).
    const declared = await finance.request({
      method: 'PATCH',
      url: `/api/admin/tax-declarations/${ids.get(-1)}`,
      payload: { status: 'declared', declaredDate: utcDate(), declaredBy: 'us' },
    });
    expect(declared.statusCode, declared.body).toBe(200);
    expect((await countsOf(finance)).finance?.taxOverdue).toBe(1);
  });

  it('gives a consultant the watch hits customers asked about and those nobody has reviewed, nothing of finance', async () => {
    await hits(['consultant', 'consultant', 'new', 'not_relevant']);
    await paymentOrder('submitted');
    const consultant = await t.loggedIn('advisor', 'consultant');

    expect(await countsOf(consultant)).toEqual({ consultant: { hitsAsked: 2, hitsNew: 1 } });
    expect(await listTotal(consultant, '/api/trademark/watch-hits?review=consultant')).toBe(2);
    expect(await listTotal(consultant, '/api/trademark/watch-hits?review=new')).toBe(1);
  });

  it('gives an admin both parts', async () => {
    await hits(['consultant']);
    await paymentOrder('submitted');
    await declarations([-2]);
    const admin = await t.loggedIn('admin1', 'admin');
    expect(await countsOf(admin)).toEqual({
      finance: {
        transfersToReview: 1,
        taxOverdue: 1,
        taxDueSoon: 0,
        taxDueSoonUntil: utcDate(TAX_DUE_SOON_DAYS),
      },
      consultant: { hitsAsked: 1, hitsNew: 0 },
    });
  });

  it('is refused to reviewers (their counts are the patent queue’s), customers and strangers', async () => {
    const reviewer = await t.loggedIn('reviewer1', 'reviewer');
    expect((await reviewer.get(COUNTS)).statusCode).toBe(403);
    const customer = new TestClient(t.app);
    await customer.login('cust1');
    expect((await customer.get(COUNTS)).statusCode).toBe(403);
    expect((await t.client().get(COUNTS)).statusCode).toBe(401);
  });
});
