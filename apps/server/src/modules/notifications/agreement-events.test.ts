import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { createAgreement, createTemplate } from '../agreements/test-fixtures.ts';
import { publishEvent } from './events.ts';
import { testWorker } from './test-helpers.ts';

let t: TestApp;
let admin: TestClient;
let consultant: TestClient;
let customer: TestClient;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loggedIn('boss', 'admin');
  consultant = await t.loggedIn('con', 'consultant');
  customer = await t.loggedIn('signer', 'customer', 'Signer Co');
});
afterEach(() => t.close());

const rows = async (client: TestClient) => {
  await testWorker(t.ctx.db).drain();
  return (await client.get('/api/notifications')).json().rows as {
    type: string;
    link: string;
    body: string;
  }[];
};

describe('agreement events', () => {
  it('a new signing link reaches the company’s users with the link; the signature reaches who sent it', async () => {
    await createTemplate(admin);
    const company = (
      await t.ctx.db
        .selectFrom('users')
        .select('customer_id')
        .where('username', '=', 'signer')
        .executeTakeFirstOrThrow()
    ).customer_id as number;
    const created = await createAgreement(consultant, company);
    // The link's expiry is a deadline too: its reminder may sit beside the link; the link is what is checked here.
    const link = (await rows(customer)).find((row) => row.type === 'agreement.linkCreated');
    expect(link).toMatchObject({ type: 'agreement.linkCreated', link: created.url });
    expect(link?.body).toContain('知识产权服务协议');

    await t.ctx.db
      .transaction()
      .execute((trx) => publishEvent(trx, { name: 'agreement.signed', agreementId: created.id }));
    const [signed] = await rows(consultant);
    expect(signed).toMatchObject({ type: 'agreement.signed', link: '/admin/agreements' });
    expect(signed?.body).toContain('Signer Co');
    expect(await rows(admin)).toEqual([]);
  });
});
