import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_FILES } from '../../test/multipart.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { attached, companyOf, designMaterials, patentOrder, statusOf, upload } from './test-fixtures.ts';

// Requests sent together whose rules read more than the order's status. On PostgreSQL under READ COMMITTED the
// compare-and-set on the status alone lets them through on a stale read unless the order is read under a lock.
let t: TestApp;
let reviewer: TestClient;
let customer: TestClient;
let company: number;

beforeAll(async () => {
  t = await createTestApp();
  reviewer = await t.loggedIn('reviewer1', 'reviewer');
  customer = await t.loggedIn('cust1', 'customer', '并发专利有限公司');
  company = await companyOf(t, 'cust1');
});
afterAll(async () => {
  await t.close();
});

const orderRow = (id: number) =>
  t.ctx.db.selectFrom('patent_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const ROUNDS = 5;

describe('concurrent patent order changes', () => {
  it('never issue a certificate on a registration saved back to a draft at the same moment', async () => {
    const pdf = await upload(reviewer, 'document');
    const submitted = JSON.stringify({ dataId: 0, registrationNumber: 'R-1', type: 1 });
    for (let round = 0; round < ROUNDS; round += 1) {
      const id = await patentOrder(t, company, { status: 10, registration: submitted });
      const [draft, certificate] = await Promise.all([
        reviewer.post(`/api/admin/patents/${id}/registration`, { type: 0 }),
        reviewer.post(`/api/admin/patents/${id}/certificate`, {
          certificateTime: '2026-05-01',
          certificateFiles: attached(pdf),
        }),
      ]);
      // One of them lands first; the other is refused because of it.
      expect([draft.statusCode, certificate.statusCode].sort(), `round ${round}`).toEqual([200, 409]);
      const row = await orderRow(id);
      const registrationType = JSON.parse(row.registration ?? '{}').type;
      expect(row.status === 11 ? registrationType : 1, `round ${round}`).toBe(1);
    }
  });

  it('never keep a materials draft saved at the moment the materials are submitted', async () => {
    const picture = await upload(customer, 'image', SAMPLE_FILES.png, 'front.png');
    const materials = designMaterials(picture, picture);
    for (let round = 0; round < ROUNDS; round += 1) {
      const id = await patentOrder(t, company, { status: 1 });
      const saveDraft = (draft: number) =>
        customer.post(`/api/patent/services/${id}/materials`, { type: 0, materials: { draft } });
      const [submission, ...drafts] = await Promise.all([
        customer.post(`/api/patent/services/${id}/materials`, { type: 1, materials }),
        ...Array.from({ length: 8 }, (_, draft) => saveDraft(draft)),
      ]);
      expect(submission?.statusCode, `round ${round}`).toBe(200);
      for (const draft of drafts) expect([200, 409], `round ${round}`).toContain(draft.statusCode);
      expect(await statusOf(t, id)).toBe(2);
      // The customer's form shows what they submitted, not a draft that slipped in after it.
      const form = (await customer.get(`/api/patent/services/${id}/materials`)).json().data;
      expect(form.draftSavedAt, `round ${round}`).toBeNull();
      expect(form.materials).toEqual(materials);
    }
  });

  it('hand a staff upload to one customer only when two orders attach it at once', async () => {
    const other = await t.loggedIn('cust2', 'customer', '另一家专利有限公司');
    const otherCompany = await companyOf(t, 'cust2');
    for (let round = 0; round < ROUNDS; round += 1) {
      const pdf = await upload(reviewer, 'document');
      const orders = [
        await patentOrder(t, company, { status: 4 }),
        await patentOrder(t, otherCompany, { status: 4 }),
      ];
      const answers = await Promise.all(
        orders.map((id) =>
          reviewer.post(`/api/admin/patents/${id}/review-receipt`, {
            recheckReceiptTime: '2026-05-01',
            recheckReceipt: pdf,
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort(), `round ${round}`).toEqual([200, 400]);
      const winner = answers[0]?.statusCode === 200 ? 0 : 1;
      const file = await t.ctx.db
        .selectFrom('files')
        .select('customer_id')
        .where('id', '=', pdf.split('/').pop() ?? '')
        .executeTakeFirstOrThrow();
      expect(file.customer_id).toBe([company, otherCompany][winner]);
      // The order that attached it is the one whose customer can open it.
      const owner = winner === 0 ? customer : other;
      expect((await owner.get(pdf)).statusCode).toBe(200);
    }
  });
});
