import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFixtures } from '../../test/fixtures.ts';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestClient } from '../../test/test-app.ts';
import { patchUser } from './service.ts';

/** The enabled admins of a test app's database. */
const activeAdmins = (app: TestApp) =>
  app.ctx.db.selectFrom('users').select('id').where('role', '=', 'admin').where('disabled', '=', 0).execute();

let t: TestApp;
let admin: TestClient;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loggedIn('boss', 'admin');
  adminId = (await admin.get('/api/auth/me')).json().data.id;
});
afterAll(async () => {
  await t.close();
});

const patch = (client: TestClient, id: number, payload: unknown) =>
  client.request({ method: 'PATCH', url: `/api/admin/users/${id}`, payload: payload as object });
const audits = (action: string, entityId: number) =>
  t.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('entity_id', '=', String(entityId))
    .execute();
const tokenOf = (url: string) => url.split('/invite/')[1] ?? '';

describe('who may call the user admin', () => {
  it('answers 403 to a customer and to staff other than admins, 401 to nobody', async () => {
    const customer = await t.loggedIn('cust-1', 'customer');
    const reviewer = await t.loggedIn('rev-1', 'reviewer');
    for (const client of [customer, reviewer]) {
      expect((await client.get('/api/admin/users')).statusCode).toBe(403);
      expect(
        (await client.post('/api/admin/users', { username: 'x', displayName: 'x', role: 'admin' }))
          .statusCode,
      ).toBe(403);
      expect((await patch(client, adminId, { displayName: 'x' })).statusCode).toBe(403);
      expect((await client.post(`/api/admin/users/${adminId}/disable`)).statusCode).toBe(403);
      expect((await client.post(`/api/admin/users/${adminId}/reset-password`)).statusCode).toBe(403);
      expect((await client.post(`/api/admin/users/${adminId}/reset-two-factor`)).statusCode).toBe(403);
      expect((await client.get(`/api/admin/users/${adminId}/sessions`)).statusCode).toBe(403);
    }
    expect((await t.client().get('/api/admin/users')).statusCode).toBe(401);
  });
});

describe('listing and searching users', () => {
  it('pages, filters by keyword, role and status, and counts per tab', async () => {
    await t.user('search-fin', 'finance');
    const all = (await admin.get('/api/admin/users?pageSize=100')).json();
    expect(all.total).toBeGreaterThan(1);
    expect(all.statusTabList.map((tab: { status: string }) => tab.status)).toEqual([
      'all',
      'active',
      'disabled',
    ]);
    const found = (await admin.get('/api/admin/users?keyword=search-fin')).json();
    expect(found.rows.map((row: { username: string }) => row.username)).toEqual(['search-fin']);
    const finance = (await admin.get('/api/admin/users?role=finance')).json();
    expect(finance.rows.every((row: { role: string }) => row.role === 'finance')).toBe(true);
    expect((await admin.get('/api/admin/users?role=king')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/users?pageSize=1000')).statusCode).toBe(400);
  });
});

describe('creating users', () => {
  it('creates a staff user with a set-password link (token stored hashed) and audits it', async () => {
    const response = await admin.post('/api/admin/users', {
      username: 'new-reviewer',
      displayName: '新审核员',
      role: 'reviewer',
      phone: '13900000001',
    });
    expect(response.statusCode).toBe(200);
    const { id, link } = response.json().data;
    expect(link.sentBy).toEqual(['sms']);
    const token = tokenOf(link.url);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const stored = await t.ctx.db
      .selectFrom('account_links')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect(JSON.stringify(await t.ctx.db.selectFrom('account_links').selectAll().execute())).not.toContain(
      token,
    );
    expect(await audits('user.create', id)).toHaveLength(1);
    // Nobody knows the first password: logging in fails until the link is used.
    const login = await t
      .client()
      .post('/api/auth/login', { username: 'new-reviewer', password: TEST_PASSWORD });
    expect(login.statusCode).toBe(401);
    const sms = await t.ctx.db.selectFrom('outbox_jobs').selectAll().where('kind', '=', 'sms').execute();
    expect(sms.some((job) => job.recipient === '13900000001' && job.payload.includes('/invite/'))).toBe(true);
  });

  it('creates a customer user for an existing company only', async () => {
    const companyId = await listFixtures(t.ctx.db).customer('Contact Co');
    const ok = await admin.post('/api/admin/users', {
      username: 'contact-1',
      displayName: 'Contact',
      role: 'customer',
      customerId: companyId,
    });
    expect(ok.statusCode).toBe(200);
    const refusals: [Record<string, unknown>, number][] = [
      [{ username: 'contact-2', displayName: 'C', role: 'customer' }, 400], // no company
      [{ username: 'contact-3', displayName: 'C', role: 'customer', customerId: 999_999 }, 400], // unknown company
      [{ username: 'staff-3', displayName: 'S', role: 'consultant', customerId: companyId }, 400], // staff in a company
      [{ username: 'contact-1', displayName: 'C', role: 'consultant' }, 409], // the name is taken
    ];
    for (const [body, status] of refusals) {
      const refused = await admin.post('/api/admin/users', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(status);
      if (body.username === 'contact-2') expect(refused.json().fields.customerId).toBeTruthy();
    }
    const badJson = await admin.request({
      method: 'POST',
      url: '/api/admin/users',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.statusCode).toBe(400);
    const badName = await admin.post('/api/admin/users', {
      username: 'has space',
      displayName: 'C',
      role: 'consultant',
    });
    expect(badName.statusCode).toBe(400);
  });
});

describe('editing users', () => {
  it('edits fields with an audit row from → to, and validates them', async () => {
    const id = await t.user('edit-me', 'consultant');
    expect(
      (await patch(admin, id, { displayName: '改名', phone: '13800001111', onlineType: 1 })).statusCode,
    ).toBe(200);
    const row = await t.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.display_name, row.phone, row.online_type]).toEqual(['改名', '13800001111', 1]);
    const [audit] = await audits('user.update', id);
    expect(JSON.parse(audit?.from_state ?? '{}')).toMatchObject({ displayName: 'edit-me', onlineType: 0 });
    expect((await patch(admin, id, {})).statusCode).toBe(400);
    expect((await patch(admin, id, { email: 'not-mail' })).statusCode).toBe(400);
    expect((await patch(admin, id, { role: 'customer' })).statusCode).toBe(400);
    expect((await patch(admin, 999_999, { displayName: 'x' })).statusCode).toBe(404);
  });

  it('does not let anyone change their own role', async () => {
    const response = await patch(admin, adminId, { role: 'reviewer' });
    expect(response.statusCode).toBe(403);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('role')
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('admin');
  });
});

describe('disabling, enabling, sessions and resets', () => {
  it('disables (ending sessions) and enables with a confirmation of state and audit', async () => {
    const id = await t.user('leaver', 'consultant');
    const leaver = t.client();
    await leaver.login('leaver');
    const sessions = (await admin.get(`/api/admin/users/${id}/sessions`)).json().data;
    expect(sessions).toHaveLength(1);
    expect((await admin.post(`/api/admin/users/${id}/disable`)).statusCode).toBe(200);
    expect((await leaver.get('/api/auth/me')).statusCode).toBe(401);
    expect((await admin.get(`/api/admin/users/${id}/sessions`)).json().data).toHaveLength(0);
    expect((await admin.post(`/api/admin/users/${id}/disable`)).statusCode).toBe(409);
    expect((await admin.post(`/api/admin/users/${id}/enable`)).statusCode).toBe(200);
    expect(await audits('user.disable', id)).toHaveLength(1);
    expect(await audits('user.enable', id)).toHaveLength(1);
    expect((await admin.post(`/api/admin/users/${adminId}/disable`)).statusCode).toBe(409);
  });

  it('ends one session of a user; another user’s session id is not found', async () => {
    const id = await t.user('two-devices', 'consultant');
    const phone = t.client();
    const laptop = t.client();
    await phone.login('two-devices');
    await laptop.login('two-devices');
    const [first] = (await admin.get(`/api/admin/users/${id}/sessions`)).json().data;
    expect(
      (await admin.request({ method: 'DELETE', url: `/api/admin/users/${adminId}/sessions/${first.id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await admin.request({ method: 'DELETE', url: `/api/admin/users/${id}/sessions/${first.id}` }))
        .statusCode,
    ).toBe(200);
    expect((await admin.get(`/api/admin/users/${id}/sessions`)).json().data).toHaveLength(1);
    expect(
      (await admin.request({ method: 'DELETE', url: `/api/admin/users/${id}/sessions` })).statusCode,
    ).toBe(200);
    expect((await phone.get('/api/auth/me')).statusCode).toBe(401);
    expect((await laptop.get('/api/auth/me')).statusCode).toBe(401);
    expect(await audits('user.sessionEnd', id)).toHaveLength(1);
  });

  it('forces a password reset: sessions end, the old password stops working, the link sets a new one once', async () => {
    const id = await t.user('forgetful', 'consultant');
    const before = t.client();
    await before.login('forgetful');
    const response = await admin.post(`/api/admin/users/${id}/reset-password`);
    expect(response.statusCode).toBe(200);
    expect((await before.get('/api/auth/me')).statusCode).toBe(401);
    expect(
      (await t.client().post('/api/auth/login', { username: 'forgetful', password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(401);
    const token = tokenOf(response.json().data.url);
    const view = (await t.client().get(`/api/account-links/${token}`)).json().data;
    expect(view).toMatchObject({ purpose: 'reset', suggestedUsername: 'forgetful', usernameFixed: true });
    const newPassword = 'quiet-lantern-orbit-42';
    const invitee = t.client();
    const accepted = await invitee.post(`/api/account-links/${token}/accept`, {
      username: 'forgetful',
      displayName: 'Forgetful',
      password: newPassword,
    });
    expect(accepted.statusCode).toBe(200);
    expect((await invitee.get('/api/auth/me')).json().data.username).toBe('forgetful');
    expect(
      (await t.client().post('/api/auth/login', { username: 'forgetful', password: newPassword })).statusCode,
    ).toBe(200);
    expect(await audits('user.passwordReset', id)).toHaveLength(1);
    const replay = await t.client().post(`/api/account-links/${token}/accept`, {
      username: 'forgetful',
      displayName: 'F',
      password: 'another-long-phrase-99',
    });
    expect(replay.statusCode).toBe(410);
  });
});

describe('the last active admin', () => {
  it('cannot demote or disable itself when it is the only one', async () => {
    const app = await createTestApp();
    try {
      const only = await app.loggedIn('only-admin', 'admin');
      const onlyId = (await only.get('/api/auth/me')).json().data.id;
      expect((await patch(only, onlyId, { role: 'reviewer' })).statusCode).toBe(403);
      expect((await only.post(`/api/admin/users/${onlyId}/disable`)).statusCode).toBe(409);
      const row = await app.ctx.db
        .selectFrom('users')
        .select(['role', 'disabled'])
        .where('id', '=', onlyId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ role: 'admin', disabled: 0 });
    } finally {
      await app.close();
    }
  });

  it('survives two admins demoting each other at once: one wins, the other gets 409', async () => {
    const app = await createTestApp();
    try {
      const a = await app.loggedIn('admin-a', 'admin');
      const b = await app.loggedIn('admin-b', 'admin');
      const aId = (await a.get('/api/auth/me')).json().data.id;
      const bId = (await b.get('/api/auth/me')).json().data.id;
      const outcomes = await Promise.all([
        patch(a, bId, { role: 'reviewer' }),
        patch(b, aId, { role: 'finance' }),
      ]);
      // The loser is refused by the rule (409), or, when its request starts after the winner's commit, is no
      // longer an admin (403).
      const codes = outcomes.map((outcome) => outcome.statusCode).sort();
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      expect(await activeAdmins(app)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('refuses the second of two demotions run at once by the rule itself (409), the admins locked first', async () => {
    const app = await createTestApp();
    try {
      const actor = (id: number) => ({ actorUserId: id, ip: '127.0.0.1', userAgent: 'test' });
      // Several rounds, each with exactly two active admins, so the two transactions overlap at least once.
      for (let round = 0; round < 8; round++) {
        await app.ctx.db.updateTable('users').set({ role: 'reviewer' }).where('role', '=', 'admin').execute();
        const aId = await app.user(`admin-a${round}`, 'admin');
        const bId = await app.user(`admin-b${round}`, 'admin');
        const outcomes = await Promise.allSettled([
          patchUser(app.ctx, bId, { role: 'reviewer' }, actor(aId)),
          patchUser(app.ctx, aId, { role: 'finance' }, actor(bId)),
        ]);
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        const refused = outcomes.find((outcome) => outcome.status === 'rejected');
        expect(refused?.status === 'rejected' && refused.reason).toMatchObject({
          status: 409,
          messageKey: 'accounts.lastAdmin',
        });
        const admins = await app.ctx.db
          .selectFrom('users')
          .select('id')
          .where('role', '=', 'admin')
          .execute();
        expect(admins).toHaveLength(1);
      }
    } finally {
      await app.close();
    }
  });

  it('survives two admins disabling each other at once', async () => {
    const app = await createTestApp();
    try {
      const boss = await app.loggedIn('admin-c', 'admin');
      const bossId = (await boss.get('/api/auth/me')).json().data.id;
      const other = await app.loggedIn('admin-d', 'admin');
      const otherId = (await other.get('/api/auth/me')).json().data.id;
      // Each disables the other at the same moment: without the lock on the admins both would succeed.
      const outcomes = await Promise.all([
        boss.post(`/api/admin/users/${otherId}/disable`),
        other.post(`/api/admin/users/${bossId}/disable`),
      ]);
      // The loser is refused by the rule (409), or, when its request starts after the winner's commit, is no
      // longer logged in (401).
      const codes = outcomes.map((outcome) => outcome.statusCode).sort();
      expect(codes[0]).toBe(200);
      expect([401, 409]).toContain(codes[1]);
      expect(await activeAdmins(app)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
