import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { multipart, SAMPLE_FILES } from '../../test/multipart.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import {
  confirmIdentity,
  createAgreement,
  createTemplate,
  customerId,
  pagePng,
  SIGNATURES,
  signer,
  TEST_SIGNER,
  uploadPage,
} from './test-fixtures.ts';

let t: TestApp;
let admin: TestClient;
let customer: number;

beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loggedIn('admin1', 'admin');
  customer = await customerId(t, '杭州协议测试有限公司');
});
afterEach(async () => {
  await t.close();
});

describe('who may call the staff endpoints', () => {
  it('refuses customers with 403 and anonymous callers with 401', async () => {
    await createTemplate(admin);
    const { id } = await createAgreement(admin, customer);
    const customerClient = await t.loggedIn('cust1', 'customer', '杭州协议测试有限公司');
    const anonymous = t.client();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/agreements'],
      [
        'POST',
        '/api/admin/agreements',
        { customerId: customer, agreementName: '知识产权服务协议', ...TEST_SIGNER },
      ],
      ['GET', `/api/admin/agreements/${id}`],
      ['GET', `/api/admin/agreements/${id}/signed.pdf`],
      ['POST', `/api/admin/agreements/${id}/revoke`, {}],
      ['GET', '/api/admin/agreement-templates'],
      ['POST', '/api/admin/agreement-templates', { agreementName: 'VAT服务协议', pageFileIds: [] }],
    ];
    for (const [method, url, payload] of calls) {
      const options = {
        method: method as 'GET' | 'POST',
        url,
        ...(payload ? { payload: payload as object } : {}),
      };
      expect((await customerClient.request(options)).statusCode, `${method} ${url}`).toBe(403);
      expect((await anonymous.request(options)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lets every staff role send agreements, but only admins upload templates', async () => {
    await createTemplate(admin);
    const reviewer = await t.loggedIn('reviewer1', 'reviewer');
    expect(
      (
        await reviewer.post('/api/admin/agreements', {
          customerId: customer,
          agreementName: '知识产权服务协议',
          ...TEST_SIGNER,
        })
      ).statusCode,
    ).toBe(200);
    expect((await reviewer.get('/api/admin/agreement-templates')).statusCode).toBe(200);
    const page = await uploadPage(admin);
    const response = await reviewer.post('/api/admin/agreement-templates', {
      agreementName: 'VAT服务协议',
      pageFileIds: [page],
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('templates', () => {
  it('versions each name: a new upload is the next version and the current one', async () => {
    const first = await createTemplate(admin, 'EPR服务协议', 2);
    const second = await createTemplate(admin, 'EPR服务协议', 3);
    await createTemplate(admin, 'VAT服务协议', 1);
    expect([first.version, second.version]).toEqual([1, 2]);
    const list = (await admin.get('/api/admin/agreement-templates')).json().data;
    const epr = list.filter(
      (template: { agreementName: string }) => template.agreementName === 'EPR服务协议',
    );
    expect(
      epr.map((template: { version: number; current: boolean }) => [template.version, template.current]),
    ).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(epr[0].pages.map((page: { pageNo: number }) => page.pageNo)).toEqual([1, 2, 3]);
    expect(epr[0].pages[0]).toMatchObject({
      width: 200,
      height: 283,
      url: expect.stringMatching(/^\/api\/files\//),
    });
    expect(epr[0].signatureBox).toEqual({ x: 0.55, y: 0.8, width: 0.36, height: 0.12 });
  });

  it('gives versions uploaded at the same moment consecutive numbers, none refused', async () => {
    const uploads = 4;
    const pages = await Promise.all(
      Array.from({ length: uploads }, (_, shade) => uploadPage(admin, pagePng(shade))),
    );
    const answers = await Promise.all(
      pages.map((page) =>
        admin.post('/api/admin/agreement-templates', { agreementName: 'EPR服务协议', pageFileIds: [page] }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(uploads).fill(200));
    const versions = answers.map((answer) => answer.json().data.version as number);
    expect(versions.sort()).toEqual([1, 2, 3, 4]);
  });

  it('refuses pages that are not agreement-page images, repeated pages and a box outside the page', async () => {
    const page = await uploadPage(admin);
    const pdf = await admin.request({
      method: 'POST',
      url: '/api/files?purpose=document',
      ...multipart([{ name: 'file', filename: 'a.pdf', content: SAMPLE_FILES.pdf }]),
    });
    const pdfId = pdf.json().data[0].id;
    const image = await admin.request({
      method: 'POST',
      url: '/api/files?purpose=image',
      ...multipart([{ name: 'file', filename: 'p.png', content: pagePng() }]),
    });
    const imageId = image.json().data[0].id;
    const cases: [unknown, string][] = [
      [{ agreementName: 'VAT服务协议', pageFileIds: [page, pdfId] }, 'pageFileIds.1'],
      [{ agreementName: 'VAT服务协议', pageFileIds: [imageId] }, 'pageFileIds.0'],
      [
        { agreementName: 'VAT服务协议', pageFileIds: ['00000000-0000-4000-8000-000000000000'] },
        'pageFileIds.0',
      ],
      [{ agreementName: 'VAT服务协议', pageFileIds: [page, page] }, 'pageFileIds'],
      [{ agreementName: 'VAT服务协议', pageFileIds: [] }, 'pageFileIds'],
      [{ agreementName: '其他协议', pageFileIds: [page] }, 'agreementName'],
      [
        {
          agreementName: 'VAT服务协议',
          pageFileIds: [page],
          signatureBox: { x: 0.8, y: 0.5, width: 0.3, height: 0.1 },
        },
        'signatureBox',
      ],
    ];
    for (const [body, field] of cases) {
      const response = await admin.post('/api/admin/agreement-templates', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().fields ?? {}).join(), JSON.stringify(body)).toContain(field);
    }
    expect((await admin.get('/api/admin/agreement-templates')).json().data).toEqual([]);
  });
});

describe('sending an agreement', () => {
  it('answers a long random URL-safe code, its /sign link and a 30-day expiry', async () => {
    await createTemplate(admin);
    const before = Date.now();
    const first = await createAgreement(admin, customer);
    const second = await createAgreement(admin, customer);
    expect(first.code).toMatch(/^[A-Za-z0-9_-]{32}$/); // 24 random bytes: 192 bits
    expect(first.code).not.toBe(second.code);
    expect(first.url).toBe(`/sign?code=${first.code}`);
    const days = (Date.parse(first.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);

    const custom = await admin.post('/api/admin/agreements', {
      customerId: customer,
      agreementName: '知识产权服务协议',
      expiresInDays: 7,
      ...TEST_SIGNER,
    });
    expect((Date.parse(custom.json().data.expiresAt) - before) / 86_400_000).toBeLessThan(7.01);
  });

  it('refuses an unknown customer with 400, a name without a template with 409, and bad input with 400', async () => {
    await createTemplate(admin);
    const unknown = await admin.post('/api/admin/agreements', {
      customerId: 99999,
      agreementName: '知识产权服务协议',
      ...TEST_SIGNER,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ customerId: '客户不存在' });
    const noTemplate = await admin.post('/api/admin/agreements', {
      customerId: customer,
      agreementName: 'VAT服务协议',
      ...TEST_SIGNER,
    });
    expect(noTemplate.statusCode).toBe(409);
    expect(noTemplate.json().msg).toBe('「VAT服务协议」还没有协议模板，请管理员先上传协议页面');
    for (const body of [
      { customerId: customer },
      { customerId: 'x', agreementName: '知识产权服务协议' },
      { customerId: customer, agreementName: '知识产权服务协议', expiresInDays: 0 },
      { customerId: customer, agreementName: '知识产权服务协议', extra: 1, ...TEST_SIGNER },
      { customerId: customer, agreementName: '知识产权服务协议', ...TEST_SIGNER, signerMobile: '12345' },
      { customerId: customer, agreementName: '知识产权服务协议', ...TEST_SIGNER, signerName: ' ' },
      { customerId: customer, agreementName: '知识产权服务协议', signerName: '李娜' },
      { customerId: customer, agreementName: '知识产权服务协议', ...TEST_SIGNER, signerEmail: 'not-mail' },
    ]) {
      expect((await admin.post('/api/admin/agreements', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('keeps the template version it was sent with when a newer version is uploaded', async () => {
    const v1 = await createTemplate(admin, '知识产权服务协议', 1);
    const agreement = await createAgreement(admin, customer);
    await createTemplate(admin, '知识产权服务协议', 3);
    const detail = (await admin.get(`/api/admin/agreements/${agreement.id}`)).json().data;
    expect(detail).toMatchObject({ templateVersion: 1, templateId: v1.id });
    expect(detail.pages).toHaveLength(1);
    expect((await signer(t).getInfo(agreement.code)).json().data.pages).toHaveLength(1);
    expect((await createAgreement(admin, customer)).id).toBeGreaterThan(agreement.id);
    const newer = (await admin.get('/api/admin/agreements?pageSize=1')).json().rows[0];
    expect(newer.templateVersion).toBe(2);
  });
});

describe('GET /api/admin/agreements', () => {
  it('pages, filters and counts per status tab', async () => {
    await createTemplate(admin, '知识产权服务协议');
    await createTemplate(admin, 'VAT服务协议');
    const other = await customerId(t, 'Other Trading Ltd');
    const unread = await createAgreement(admin, customer);
    const read = await createAgreement(admin, customer, 'VAT服务协议');
    const signed = await createAgreement(admin, other);
    const s = signer(t);
    await s.confirm({ code: read.code, status: 1 });
    await s.confirm({ code: signed.code, status: 1 });
    await confirmIdentity(t, signed);
    const url = (await s.upload(signed.code, SIGNATURES.png())).json().data[0].url;
    expect((await s.confirm({ code: signed.code, url, status: 2 })).statusCode).toBe(200);

    const all = (await admin.get('/api/admin/agreements')).json();
    expect(all.total).toBe(3);
    expect(all.statusTabList).toEqual([
      { status: 'all', statusName: '全部', count: 3 },
      { status: '0', statusName: '未读', count: 1 },
      { status: '1', statusName: '已读', count: 1 },
      { status: '2', statusName: '已签署', count: 1 },
    ]);
    expect(all.rows.map((row: { id: number }) => row.id)).toEqual([signed.id, read.id, unread.id]);
    expect(all.rows[0]).toMatchObject({
      customerName: 'Other Trading Ltd',
      agreementName: '知识产权服务协议',
      status: 2,
      url: signed.url,
      expired: false,
      revoked: false,
      createdByName: 'admin1',
    });
    expect(all.rows[0].signedAt).toBeTruthy();

    const signedTab = (await admin.get('/api/admin/agreements?status=2')).json();
    expect(signedTab.rows.map((row: { id: number }) => row.id)).toEqual([signed.id]);
    expect(signedTab.total).toBe(1);
    const keyword = (
      await admin.get(`/api/admin/agreements?keyword=${encodeURIComponent('杭州协议')}`)
    ).json();
    expect(keyword.total).toBe(2);
    expect(keyword.statusTabList[3].count).toBe(0);
    const byName = (
      await admin.get(`/api/admin/agreements?agreementName=${encodeURIComponent('VAT服务协议')}`)
    ).json();
    expect(byName.rows.map((row: { id: number }) => row.id)).toEqual([read.id]);
    const page2 = (await admin.get('/api/admin/agreements?pageSize=2&pageNum=2&order=ascend')).json();
    expect(page2.rows.map((row: { id: number }) => row.id)).toEqual([signed.id]);
    for (const query of ['status=3', 'pageSize=0', 'sort=code', 'agreementName=x']) {
      expect((await admin.get(`/api/admin/agreements?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('detail, revoke and the signed PDF', () => {
  it('shows the agreement with its audit trail, and 404 for an unknown one', async () => {
    await createTemplate(admin);
    const { id } = await createAgreement(admin, customer);
    const detail = (await admin.get(`/api/admin/agreements/${id}`)).json().data;
    expect(detail).toMatchObject({
      id,
      status: 0,
      revoked: false,
      signedPdfUrl: null,
      signedPdfSha256: null,
    });
    expect(detail.audit).toEqual([
      expect.objectContaining({ action: 'agreement.create', actor: 'admin1', to: '0', ip: '127.0.0.1' }),
    ]);
    expect((await admin.get('/api/admin/agreements/99999')).statusCode).toBe(404);
    expect((await admin.get('/api/admin/agreements/abc')).statusCode).toBe(400);
    expect((await admin.get(`/api/admin/agreements/${id}/signed.pdf`)).statusCode).toBe(409);
    expect((await admin.get('/api/admin/agreements/99999/signed.pdf')).statusCode).toBe(404);
  });

  it('revokes a link once: the link stops working and the trail records who did it', async () => {
    await createTemplate(admin);
    const { id, code } = await createAgreement(admin, customer);
    const response = await admin.post(`/api/admin/agreements/${id}/revoke`, { reason: '发错客户' });
    expect(response.statusCode).toBe(200);
    expect((await signer(t).getInfo(code)).statusCode).toBe(410);
    const again = await admin.post(`/api/admin/agreements/${id}/revoke`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('该签署链接已作废');
    const detail = (await admin.get(`/api/admin/agreements/${id}`)).json().data;
    expect(detail.revoked).toBe(true);
    expect(detail.revokedAt).toBeTruthy();
    expect(detail.audit.at(-1)).toMatchObject({
      action: 'agreement.revoke',
      reason: '发错客户',
      actor: 'admin1',
    });
    expect((await admin.post('/api/admin/agreements/99999/revoke', {})).statusCode).toBe(404);
  });

  it('marks an expired link in the list', async () => {
    await createTemplate(admin);
    const { id } = await createAgreement(admin, customer);
    await t.ctx.db
      .updateTable('agreements')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await admin.get('/api/admin/agreements')).json().rows[0]).toMatchObject({ id, expired: true });
  });
});
