import { PATENT_STATUSES } from '@kxt/contracts/patents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { demoPatentCustomers, seedDemoPatents } from './demo.ts';

let t: TestApp;
let reviewer: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  const reviewerUserId = await t.user('reviewer', 'reviewer');
  await t.user('customer1', 'customer', '深圳市星辰跨境电商有限公司');
  await t.user('customer2', 'customer', '杭州海岳贸易有限公司');
  await seedDemoPatents(t.ctx, {
    reviewerUserId,
    customers: await demoPatentCustomers(t.ctx.db, ['customer1', 'customer2']),
  });
  reviewer = t.client();
  await reviewer.login('reviewer');
});
afterAll(async () => {
  await t.close();
});

type Row = {
  id: number;
  status: number;
  countryId: number;
  countryCode: string;
  patentType: number;
  orderDataInfo: { isSpeed: boolean; expeditedNoticeFiles: { url: string }[] };
  brandDataInfo: { acceptReceiptFiles: { url: string }[] } | null;
  answerDataUrl: string | null;
  dataInfo: unknown;
};

describe('demo patents', () => {
  it('gives both customers an order in every status, 19/20 in Japan, several countries and all three types', async () => {
    for (const username of ['customer1', 'customer2']) {
      const client = t.client();
      await client.login(username);
      const answer = (await client.get('/api/patent/services?pageSize=100')).json();
      const rows = answer.rows as Row[];
      expect(new Set(rows.map((row) => row.status))).toEqual(new Set(PATENT_STATUSES));
      for (const row of rows.filter((row) => row.status === 19 || row.status === 20))
        expect(row.countryId).toBe(42);
      expect(new Set(rows.map((row) => row.countryCode)).size).toBeGreaterThanOrEqual(6);
      expect(new Set(rows.map((row) => row.patentType))).toEqual(new Set([1, 2, 3]));
      const expedited = rows.filter((row) => row.countryCode === 'US' && row.orderDataInfo.isSpeed);
      expect(
        expedited
          .filter((row) => row.orderDataInfo.expeditedNoticeFiles.length > 0)
          .map((row) => row.status)
          .sort(),
      ).toEqual([10, 11, 12, 4].sort());
      for (const row of rows.filter((row) => row.status !== 1)) expect(row.dataInfo).not.toBeNull();

      // The attached PDFs and the reply package are real and the customer may open them.
      const filed = rows.find((row) => row.status === 4) as Row;
      const pdf = await client.get(filed.brandDataInfo?.acceptReceiptFiles[0]?.url ?? '');
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const reply = await client.get((rows.find((row) => row.status === 6) as Row).answerDataUrl ?? '');
      expect(reply.rawPayload.subarray(0, 4).toString('hex')).toBe('504b0304');

      const rejected = rows.find((row) => row.status === -1) as Row;
      const reasons = (await client.get(`/api/patent/services/${rejected.id}/reject-reasons`)).json().data;
      expect(reasons[0]).toMatchObject({ operator: 'reviewer', status: -1 });
    }
  });

  it('keeps the two customers apart', async () => {
    const all = (await reviewer.get('/api/admin/patents?pageSize=100')).json();
    const perCustomer = new Set((all.rows as { customerId: number }[]).map((row) => row.customerId));
    expect(perCustomer.size).toBe(2);
  });

  it('never dates anything about an order before the order was created', async () => {
    const orders = await t.ctx.db
      .selectFrom('patent_orders')
      .select(['id', 'created_at', 'submission_time', 'audit_time', 'rejection_time'])
      .execute();
    expect(orders.length).toBeGreaterThan(0);
    const createdOf = new Map(orders.map((order) => [order.id, order.created_at]));
    const late: string[] = [];
    const check = (what: string, id: number, time: string | null, floor: string | null | undefined) => {
      if (time !== null && floor && time < floor) late.push(`${what} of order ${id}: ${time} < ${floor}`);
    };
    for (const order of orders) {
      check('submission', order.id, order.submission_time, order.created_at);
      check('audit', order.id, order.audit_time, order.created_at);
      check('audit after submission', order.id, order.audit_time, order.submission_time);
      check('rejection', order.id, order.rejection_time, order.created_at);
    }
    const related = [
      ...(await t.ctx.db.selectFrom('patent_office_actions').select(['order_id', 'created_at']).execute()),
      ...(await t.ctx.db.selectFrom('patent_reject_reasons').select(['order_id', 'created_at']).execute()),
    ];
    for (const row of related) check('record', row.order_id, row.created_at, createdOf.get(row.order_id));
    const audits = await t.ctx.db
      .selectFrom('audit_log')
      .select(['entity_id', 'created_at'])
      .where('entity_type', '=', 'patent_order')
      .execute();
    for (const row of audits) {
      check('audit row', Number(row.entity_id), row.created_at, createdOf.get(Number(row.entity_id)));
    }
    expect(late).toEqual([]);
  });

  it('has two versions of additional rules; the newest applies', async () => {
    const all = (await reviewer.get('/api/admin/patents?countryId=42&status=19')).json();
    const detail = (await reviewer.get(`/api/admin/patents/${all.rows[0].id}/materials`)).json().data;
    expect(detail.additionalRulesInfo.map((rule: { version: number }) => rule.version)).toEqual([2, 2, 2]);
  });
});
