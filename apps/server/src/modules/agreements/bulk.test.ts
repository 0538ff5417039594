import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnOf } from '../../test/rows.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { createAgreement, createTemplate, customerId, TEST_SIGNER } from './test-fixtures.ts';

let t: TestApp;
let staff: TestClient;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.loggedIn('admin1', 'admin');
  staff = await t.loggedIn('consultant1', 'consultant');
  await createTemplate(admin);
  const customer = await customerId(t, '批量签署测试有限公司');
  ids.open = (await createAgreement(staff, customer)).id;
  ids.other = (await createAgreement(staff, customer)).id;
  ids.signed = (await createAgreement(staff, customer)).id;
  ids.revoked = (await createAgreement(staff, customer)).id;
  // Signing itself is tested in signing.test.ts; here only its outcome matters.
  await t.ctx.db
    .updateTable('agreements')
    .set({ status: 2, signed_at: new Date().toISOString() })
    .where('id', '=', ids.signed as number)
    .execute();
  await staff.post(`/api/admin/agreements/${ids.revoked}/revoke`, {});
});
afterAll(async () => {
  await t.close();
});

const bulk = (body: unknown) => staff.post('/api/admin/agreements/bulk', body);
const linkTexts = async () =>
  (
    await t.ctx.db
      .selectFrom('outbox_jobs')
      .select(['payload', 'recipient'])
      .where('notification_type', '=', 'agreement.link')
      .orderBy('id')
      .execute()
  ).map((job) => ({ recipient: job.recipient, text: JSON.parse(job.payload).text as string }));
const revoked = (id: number | undefined) => columnOf(t.ctx.db, 'agreements', 'revoked', id);

describe('signing links in bulk', () => {
  it('texts the link to the signer of each open agreement and says why the others were not sent', async () => {
    const response = await bulk({ target: { ids: [ids.open, ids.signed, ids.revoked] }, action: 'resend' });
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json().data;
    expect(summary).toMatchObject({ done: 1, unchanged: 0, failed: 2 });
    const byId = new Map(summary.rows.map((row: { id: number }) => [row.id, row]));
    expect(byId.get(ids.open)).toMatchObject({
      result: 'done',
      label: '批量签署测试有限公司 · 知识产权服务协议',
    });
    expect(byId.get(ids.signed)).toMatchObject({
      result: 'failed',
      msg: expect.stringMatching(/不能再发送/),
    });
    expect(byId.get(ids.revoked)).toMatchObject({ result: 'failed' });
    const texts = await linkTexts();
    expect(texts).toHaveLength(1);
    expect(texts[0]?.recipient).toBe(TEST_SIGNER.signerMobile);
    expect(texts[0]?.text).toMatch(/知识产权服务协议.*http:\/\/.+\/sign\?code=\S{20,}$/);
  });

  it('does not text a signer twice within a minute (a replayed request)', async () => {
    const again = await bulk({ target: { ids: [ids.open] }, action: 'resend' });
    expect(again.json().data).toMatchObject({ done: 0, failed: 1 });
    expect(again.json().data.rows[0].msg).toMatch(/一分钟内已发送/);
    expect(await linkTexts()).toHaveLength(1);
  });

  it('revokes open links, leaves revoked ones as they are and refuses to revoke a signed agreement', async () => {
    const response = await bulk({
      target: { ids: [ids.other, ids.signed, ids.revoked] },
      action: 'revoke',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ done: 1, unchanged: 1, failed: 1 });
    expect(await revoked(ids.other)).toBe(1);
    expect(await revoked(ids.signed)).toBe(0);
  });

  it('takes the list tab as a filter: all signed agreements', async () => {
    const response = await bulk({ target: { filters: { status: '2' }, expectedTotal: 1 }, action: 'revoke' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.rows).toEqual([
      expect.objectContaining({ id: ids.signed, result: 'failed' }),
    ]);
  });

  it('refuses unknown agreements (404), unknown actions (400) and customers (403), changing nothing', async () => {
    expect((await bulk({ target: { ids: [ids.open, 987_654] }, action: 'revoke' })).statusCode).toBe(404);
    expect(await revoked(ids.open)).toBe(0);
    expect((await bulk({ target: { ids: [ids.open] }, action: 'delete' })).statusCode).toBe(400);
    const customer = await t.loggedIn('buyer1', 'customer', '批量签署测试有限公司');
    const refused = await customer.post('/api/admin/agreements/bulk', {
      target: { ids: [ids.open] },
      action: 'revoke',
    });
    expect(refused.statusCode).toBe(403);
    expect(await revoked(ids.open)).toBe(0);
  });
});
