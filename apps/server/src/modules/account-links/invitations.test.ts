import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFixtures } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestClient;
let consultant: TestClient;
let companyId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loggedIn('inv-admin', 'admin');
  consultant = await t.loggedIn('inv-consultant', 'consultant');
  companyId = await listFixtures(t.ctx.db).customer('Invited Co');
});
afterAll(async () => {
  await t.close();
});

const STRONG = 'violet-harbour-cactus-17';
const tokenOf = (url: string) => url.split('/invite/')[1] ?? '';
const invite = (client: TestClient, body: object) => client.post('/api/admin/invitations', body);
/** An invitation for a user of the test company, as the admin sends it; its `{ id, url }`. */
const inviteCustomer = async (displayName: string, phone: string) =>
  (await invite(admin, { displayName, role: 'customer', customerId: companyId, phone })).json().data;
const accept = (token: string, body: object = {}) =>
  t.client().post(`/api/account-links/${token}/accept`, {
    username: 'invitee',
    displayName: '王小明',
    password: STRONG,
    ...body,
  });

describe('inviting', () => {
  it('lets staff invite a customer contact, sends the link by SMS and keeps only its hash', async () => {
    const response = await invite(consultant, {
      displayName: '王小明',
      role: 'customer',
      customerId: companyId,
      phone: '13700000001',
    });
    expect(response.statusCode).toBe(200);
    const { id, url, sentBy } = response.json().data;
    expect(sentBy).toEqual(['sms']);
    const token = tokenOf(url);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const row = await t.ctx.db
      .selectFrom('account_links')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    const days = (Date.parse(row.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'invitation.create')
      .where('entity_id', '=', String(id))
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('lets only admins invite colleagues, needs a contact and a company for a customer', async () => {
    expect(
      (await invite(consultant, { displayName: 'X', role: 'admin', phone: '13700000002' })).statusCode,
    ).toBe(403);
    expect(
      (await invite(admin, { displayName: 'X', role: 'finance', email: 'x@example.com' })).statusCode,
    ).toBe(200);
    expect((await invite(admin, { displayName: 'X', role: 'finance' })).statusCode).toBe(400);
    expect(
      (await invite(admin, { displayName: 'X', role: 'customer', phone: '13700000003' })).statusCode,
    ).toBe(400);
    expect(
      (await invite(admin, { displayName: 'X', role: 'customer', customerId: 999_999, phone: '13700000003' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await invite(admin, { displayName: 'X', role: 'customer', customerId: companyId, phone: 'abc' }))
        .statusCode,
    ).toBe(400);
    const customer = await t.loggedIn('inv-customer', 'customer');
    expect(
      (await invite(customer, { displayName: 'X', role: 'customer', phone: '13700000004' })).statusCode,
    ).toBe(403);
    expect((await customer.get('/api/admin/invitations')).statusCode).toBe(403);
  });
});

describe('accepting', () => {
  it('shows the invitation, enforces the password policy with the reason, creates the user and logs them in', async () => {
    const { url } = await inviteCustomer('李雷', '13700000010');
    const token = tokenOf(url);
    const view = await t.client().get(`/api/account-links/${token}`);
    expect(view.json().data).toMatchObject({
      purpose: 'invite',
      displayName: '李雷',
      suggestedUsername: '13700000010',
      usernameFixed: false,
      companyName: 'Invited Co',
    });
    const short = await accept(token, { username: 'lilei', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toBeTruthy();
    const common = await accept(token, { username: 'lilei', password: 'password1234' });
    expect(common.statusCode).toBe(400);
    const invitee = t.client();
    const done = await invitee.post(`/api/account-links/${token}/accept`, {
      username: 'lilei',
      displayName: '李雷',
      password: STRONG,
    });
    expect(done.statusCode).toBe(200);
    const me = (await invitee.get('/api/auth/me')).json().data;
    expect(me).toMatchObject({
      username: 'lilei',
      role: 'customer',
      customerId: companyId,
      phone: '13700000010',
    });
    // Replaying the used link is a clear 410, and nothing changes.
    const replay = await accept(token, { username: 'lilei2' });
    expect(replay.statusCode).toBe(410);
    expect(replay.json().msg).toContain('已使用');
    expect((await t.client().get(`/api/account-links/${token}`)).statusCode).toBe(410);
    const lilei2 = await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'lilei2').execute();
    expect(lilei2).toHaveLength(0);
  });

  it('answers 404 to an unknown token, and to one cut short in copying, saying to check the link', async () => {
    expect((await t.client().get(`/api/account-links/${'a'.repeat(43)}`)).statusCode).toBe(404);
    const short = await t.client().get('/api/account-links/short');
    expect(short.statusCode).toBe(404);
    expect(short.json().msg).toBe('链接无效，请检查链接是否完整');
    expect((await accept('b'.repeat(43))).statusCode).toBe(404);
  });

  it('refuses an expired link with a clear message', async () => {
    const { id, url } = await inviteCustomer('Late', '13700000011');
    await t.ctx.db
      .updateTable('account_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const response = await accept(tokenOf(url), { username: 'late-one' });
    expect(response.statusCode).toBe(410);
    expect(response.json().msg).toContain('过期');
    const list = (await admin.get('/api/admin/invitations?status=expired')).json();
    expect(list.rows.map((row: { id: number }) => row.id)).toContain(id);
  });

  it('refuses a taken username and keeps the invitation usable', async () => {
    const { url } = await inviteCustomer('Twin', '13700000012');
    const taken = await accept(tokenOf(url), { username: 'inv-admin' });
    expect(taken.statusCode).toBe(409);
    expect((await accept(tokenOf(url), { username: 'twin-ok' })).statusCode).toBe(200);
  });

  it('accepts one of two uses of a link sent at once', async () => {
    const { url } = await inviteCustomer('Race', '13700000013');
    const outcomes = await Promise.all([
      accept(tokenOf(url), { username: 'race-a' }),
      accept(tokenOf(url), { username: 'race-b' }),
    ]);
    expect(outcomes.map((outcome) => outcome.statusCode).sort()).toEqual([200, 410]);
    const users = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', 'in', ['race-a', 'race-b'])
      .execute();
    expect(users).toHaveLength(1);
  });
});

describe('resending and revoking', () => {
  it('resend makes a new link and kills the old one; revoke kills it; both audited and refused twice', async () => {
    const first = (
      await invite(consultant, {
        displayName: 'Again',
        role: 'customer',
        customerId: companyId,
        phone: '13700000020',
      })
    ).json().data;
    const resent = await consultant.post(`/api/admin/invitations/${first.id}/resend`);
    expect(resent.statusCode).toBe(200);
    const second = resent.json().data;
    expect(second.url).not.toBe(first.url);
    const old = await accept(tokenOf(first.url), { username: 'again-old' });
    expect(old.statusCode).toBe(410);
    expect(old.json().msg).toContain('撤销');
    expect((await consultant.post(`/api/admin/invitations/${first.id}/resend`)).statusCode).toBe(409);
    expect((await consultant.post(`/api/admin/invitations/${second.id}/revoke`)).statusCode).toBe(200);
    expect((await consultant.post(`/api/admin/invitations/${second.id}/revoke`)).statusCode).toBe(409);
    expect((await accept(tokenOf(second.url), { username: 'again-new' })).statusCode).toBe(410);
    expect((await consultant.post('/api/admin/invitations/999999/revoke')).statusCode).toBe(404);
    const actions = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['invitation.resend', 'invitation.revoke'])
      .execute();
    expect(actions.map((row) => row.action).sort()).toEqual(['invitation.resend', 'invitation.revoke']);
  });

  it('lists invitations with their status and counts per status', async () => {
    const list = (await admin.get('/api/admin/invitations?pageSize=100')).json();
    const statuses = new Set(list.rows.map((row: { status: string }) => row.status));
    for (const status of ['pending', 'accepted', 'expired', 'revoked']) expect(statuses).toContain(status);
    const tabs = Object.fromEntries(
      list.statusTabList.map((tab: { status: string; count: number }) => [tab.status, tab.count]),
    );
    expect(tabs.all).toBe(list.total);
    expect(tabs.pending + tabs.accepted + tabs.expired + tabs.revoked).toBe(tabs.all);
    expect((await admin.get('/api/admin/invitations?status=nope')).statusCode).toBe(400);
  });
});
