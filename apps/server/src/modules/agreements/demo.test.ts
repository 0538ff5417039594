import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { agreementLinksOf, seedDemoAgreements } from './demo.ts';
import { signer } from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const adminUserId = await t.user('admin', 'admin');
  const customerUserId = await t.user('customer1', 'customer', '深圳市星辰跨境电商有限公司');
  const { customer_id } = await t.ctx.db
    .selectFrom('users')
    .select('customer_id')
    .where('id', '=', customerUserId)
    .executeTakeFirstOrThrow();
  await seedDemoAgreements(t.ctx, { adminUserId, customerId: customer_id as number });
}, 300_000); // ten agreements' pages rendered from text
afterAll(async () => {
  await t.close();
});

describe('demo agreements', () => {
  it('gives customer1 one agreement in each state, each link behaving as its state says', async () => {
    const links = await agreementLinksOf(t.ctx.db, 'customer1');
    expect(links.map((link) => link.state)).toEqual(['unread', 'read', 'signed', 'expired', 'revoked']);
    const s = signer(t);
    const info = async (state: string) => {
      const path = links.find((link) => link.state === state)?.path ?? '';
      return s.getInfo(decodeURIComponent(path.split('code=')[1] ?? ''));
    };
    expect((await info('unread')).json().data).toMatchObject({ readStatus: 0, confirmStatus: 0 });
    expect((await info('read')).json().data).toMatchObject({ readStatus: 1, confirmStatus: 0 });
    const signed = (await info('signed')).json().data;
    expect(signed).toMatchObject({ agreementName: 'EPR服务协议', readStatus: 1, confirmStatus: 1 });
    expect((await s.client.get(signed.confirmFile)).statusCode).toBe(200);
    expect((await info('expired')).statusCode).toBe(410);
    expect((await info('revoked')).statusCode).toBe(410);
  });

  it('has a current template for every agreement name and a signed PDF for the signed one', async () => {
    const admin = t.client();
    await admin.login('admin');
    const templates = (await admin.get('/api/admin/agreement-templates')).json().data;
    expect(templates).toHaveLength(5);
    for (const template of templates) {
      expect(template).toMatchObject({ current: true, kind: 'text', pages: [] });
      expect(template.body).toContain('争议解决');
    }
    const rows = (await admin.get('/api/admin/agreements?status=2')).json().rows;
    const detail = (await admin.get(`/api/admin/agreements/${rows[0].id}`)).json().data;
    expect(detail.signerName).toBe('张伟');
    expect(detail.pages.length).toBeGreaterThanOrEqual(2);
    expect(detail.identity.confirmedAt).not.toBeNull();
    const pdf = await admin.get(detail.signedPdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
