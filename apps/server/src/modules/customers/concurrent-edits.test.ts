import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditChain, expectUnbrokenChain } from '../../test/audit-chain.ts';
import { listFixtures } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
let staff: TestClient;
let customerId: number;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.loggedIn('ops', 'admin');
  customerId = await listFixtures(t.ctx.db).customer('并发客户有限公司');
});
afterAll(async () => {
  await t.close();
});

describe('concurrent customer edits', () => {
  it('audit each old value as the previous edit left it', async () => {
    const edits = 20;
    const phones = Array.from({ length: edits }, (_, index) => `1390000${String(index).padStart(4, '0')}`);
    const responses = await Promise.all(
      phones.map((phone) =>
        staff.request({ method: 'PATCH', url: `/api/admin/customers/${customerId}`, payload: { phone } }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(edits).fill(200));
    const chain = (await auditChain(t.ctx.db, { type: 'customer', id: customerId })).map((step) => ({
      from: (step.from as { phone?: string } | null)?.phone,
      to: (step.to as { phone?: string } | null)?.phone,
    }));
    expect(chain[0]?.from).toBe('13800000000');
    expectUnbrokenChain(chain);
    const row = await t.ctx.db
      .selectFrom('customers')
      .select('phone')
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    expect(chain.at(-1)?.to).toBe(row.phone);
  });
});
