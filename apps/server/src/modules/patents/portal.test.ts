import { customerStatusTabs, PATENT_STATUSES } from '@kxt/contracts/patents';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { multipart, SAMPLE_FILES } from '../../test/multipart.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { companyOf, patentOrder, statusOf, upload, zipOf } from './test-fixtures.ts';

let t: TestApp;
let customer: TestClient;
let other: TestClient;
let company: number;
let otherCompany: number;

beforeEach(async () => {
  t = await createTestApp();
  customer = await t.loggedIn('cust1', 'customer', '宁波门户测试有限公司');
  other = await t.loggedIn('cust2', 'customer', '温州别家有限公司');
  company = await companyOf(t, 'cust1');
  otherCompany = await companyOf(t, 'cust2');
});
afterEach(async () => {
  await t.close();
});

const replyPackage = (client: TestClient, id: number, content: Buffer, filename = 'reply.zip') =>
  client.request({
    method: 'POST',
    url: `/api/patent/services/${id}/reply-package`,
    ...multipart([{ name: 'file', filename, content }]),
  });

describe('who may call', () => {
  it('answers another customer’s order with 404 on every customer route, as if it did not exist', async () => {
    const theirs = await patentOrder(t, otherCompany, { status: 5 });
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/patent/services/${theirs}`],
      ['GET', `/api/patent/services/${theirs}/reject-reasons`],
      ['GET', `/api/patent/services/${theirs}/refund-check`],
      ['GET', `/api/patent/services/${theirs}/materials`],
      ['POST', `/api/patent/services/${theirs}/materials`, { type: 0, materials: {} }],
    ];
    for (const [method, url, payload] of calls) {
      const response = await customer.request({
        method: method as 'GET' | 'POST',
        url,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await replyPackage(customer, theirs, zipOf('a.txt', 'a'))).statusCode).toBe(404);
    expect(await statusOf(t, theirs)).toBe(5);
    expect((await customer.get('/api/patent/services/999999')).statusCode).toBe(404);
  });

  it('keeps the back office from customers (403), every route from anonymous callers (401), and the portal from staff', async () => {
    const id = await patentOrder(t, company, { status: 2 });
    const anonymous = t.client();
    const adminCalls: [string, string, unknown?][] = [
      ['GET', '/api/admin/patents'],
      ['GET', `/api/admin/patents/${id}`],
      ['GET', `/api/admin/patents/${id}/history`],
      ['GET', `/api/admin/patents/${id}/materials`],
      ...[
        'materials-review',
        'filing-receipt',
        'us-filing',
        'registration',
        'office-action',
        'reply-review',
        'review-receipt',
        'certificate',
        'authorization-fee',
        'expedited-notice',
        'transition',
      ].map((path): [string, string, unknown] => [
        'POST',
        `/api/admin/patents/${id}/${path}`,
        { decision: 'approve' },
      ]),
    ];
    for (const [method, url, payload] of adminCalls) {
      const options = {
        method: method as 'GET' | 'POST',
        url,
        ...(payload ? { payload: payload as object } : {}),
      };
      expect((await customer.request(options)).statusCode, `${method} ${url}`).toBe(403);
      expect((await anonymous.request(options)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await statusOf(t, id)).toBe(2);
    for (const url of [
      '/api/patent/services',
      `/api/patent/services/${id}`,
      '/api/patent/countries?type=2',
    ]) {
      expect((await anonymous.get(url)).statusCode).toBe(401);
    }
    const finance = await t.loggedIn('finance1', 'finance');
    expect((await finance.get('/api/admin/patents')).statusCode).toBe(403);
    const reviewer = await t.loggedIn('reviewer1', 'reviewer');
    expect((await reviewer.get('/api/patent/services')).statusCode).toBe(403);
  });
});

describe('the customer list', () => {
  it('lists only the customer’s own rows with tab counts: 全部 first, hidden states only under 全部', async () => {
    for (const status of PATENT_STATUSES) await patentOrder(t, company, { status, country_id: 42 });
    await patentOrder(t, company, { status: 4, country_id: 1 });
    await patentOrder(t, otherCompany, { status: 4 });
    const answer = (await customer.get('/api/patent/services?pageSize=100')).json();
    expect(answer.total).toBe(PATENT_STATUSES.length + 1);
    expect(
      answer.rows.every((row: { countryId: number; serviceCode: string }) =>
        row.serviceCode.startsWith('PT-TEST'),
      ),
    ).toBe(true);
    expect(answer.obj[0]).toEqual({ statusName: '全部', status: null, count: PATENT_STATUSES.length + 1 });
    expect(answer.obj.slice(1).map((tab: { status: number }) => tab.status)).toEqual(customerStatusTabs());
    expect(answer.obj.find((tab: { status: number }) => tab.status === 4).count).toBe(2);

    const japan = (await customer.get('/api/patent/services?countryId=42&status=4')).json();
    expect(japan.obj.slice(1).map((tab: { status: number }) => tab.status)).toEqual(customerStatusTabs(42));
    expect(japan.obj.find((tab: { status: number }) => tab.status === 4).count).toBe(1);
    expect(japan.obj.find((tab: { status: number }) => tab.status === 19).count).toBe(1);
    expect(japan.total).toBe(1);
    expect(japan.obj[0].count).toBe(PATENT_STATUSES.length);

    const english = await customer.get('/api/patent/services?status=5', { 'accept-language': 'en-US' });
    expect(english.json().rows[0]).toMatchObject({
      status: 5,
      statusName: 'Office action to answer',
      countryName: 'Japan',
    });
    expect(english.json().obj[0].statusName).toBe('All');
  });

  it('filters by statusList, status, country, applicant capacity, service code and keyword', async () => {
    const a = await patentOrder(t, company, {
      status: 4,
      country_id: 1,
      apply_name: 'individual',
      apply_title: '李雷',
      order_no: 'ORD-ALPHA',
      parent_order_no: 'KXT-P-C1-0006',
      service_code: 'PT-ALPHA',
      reference_number: '29/555,001',
      product_name: '折叠椅',
      registration_number: 'D999001',
    });
    const b = await patentOrder(t, company, { status: 5, country_id: 49, apply_title: 'Hanmei GmbH' });
    await patentOrder(t, company, { status: 1, country_id: 49 });
    const ids = async (query: string) =>
      ((await customer.get(`/api/patent/services?${query}`)).json().rows as { id: number }[])
        .map((row) => row.id)
        .sort();
    expect(await ids('statusList=4,5')).toEqual([a, b].sort());
    expect(await ids('statusList=4,5&status=5')).toEqual([b]);
    expect(await ids('status=4')).toEqual([a]);
    expect(await ids('countryId=49&statusList=5')).toEqual([b]);
    expect(await ids('applyName=individual')).toEqual([a]);
    expect(await ids('serviceCode=PT-ALPHA')).toEqual([a]);
    expect((await ids('serviceCode=null')).length).toBe(3);
    for (const keyword of ['alpha', 'p-c1-00', '29/555', '折叠', 'd999', '李雷']) {
      expect(await ids(`searchValue=${encodeURIComponent(keyword)}`), keyword).toEqual([a]);
    }
    expect(await ids('searchValue=hanmei')).toEqual([b]);
    expect(await ids('searchValue=100%25')).toEqual([]);
    expect((await customer.get('/api/patent/services?statusList=4,77')).statusCode).toBe(400);
    const page = (await customer.get('/api/patent/services?pageSize=2&pageNum=2')).json();
    expect(page).toMatchObject({ total: 3 });
    expect(page.rows).toHaveLength(1);
  });

  it('matches the keyword against what the list shows: order no, names, country and status, not hidden numbers', async () => {
    const shown = await patentOrder(t, company, {
      status: 5,
      country_id: 42,
      order_no: 'KXT-PO-HIDDEN-1',
      parent_order_no: 'KXT-P-C1-0006',
      service_name: '日本外观专利',
      inventor_name: 'Yamada Taro',
    });
    const other = await patentOrder(t, company, { status: 1, country_id: 1 });
    const ids = async (keyword: string, language = 'zh-CN') =>
      (
        (
          await customer.get(`/api/patent/services?searchValue=${encodeURIComponent(keyword)}`, {
            'accept-language': language,
          })
        ).json().rows as { id: number }[]
      ).map((row) => row.id);
    for (const keyword of [
      'KXT-P-C1-0006',
      'kxt-p-c1',
      '日本外观',
      'yamada',
      '日本',
      'japan',
      'OA待答复',
      'office action',
    ]) {
      expect(await ids(keyword), keyword).toEqual([shown]);
    }
    // The order number behind the scenes is never shown, so it finds nothing.
    expect(await ids('KXT-PO-HIDDEN')).toEqual([]);
    expect(await ids('美国')).toEqual([other]);
    // The customer's own company name is not a column of their list: it narrows nothing by itself.
    expect(await ids('宁波门户')).toEqual([]);
  });

  it('finds orders by the customer’s name in the back office', async () => {
    const mine = await patentOrder(t, company, { status: 2 });
    await patentOrder(t, otherCompany, { status: 2 });
    const reviewer = await t.loggedIn('rev1', 'reviewer');
    const answer = (
      await reviewer.get(`/api/admin/patents?searchValue=${encodeURIComponent('宁波门户')}`)
    ).json();
    expect((answer.rows as { id: number }[]).map((row) => row.id)).toEqual([mine]);
  });

  it('names the countries in the caller’s language', async () => {
    const zh = (await customer.get('/api/patent/countries?type=2')).json().data;
    expect(zh).toMatchObject({ '1': '美国', '42': '日本' });
    const en = (await customer.get('/api/patent/countries?type=2', { 'accept-language': 'en' })).json().data;
    expect(en['42']).toBe('Japan');
  });
});

describe('the back-office list', () => {
  it('lists every customer with counts over every status, and filters by customer', async () => {
    await patentOrder(t, company, { status: -6 });
    await patentOrder(t, otherCompany, { status: 19, country_id: 42 });
    const reviewer = await t.loggedIn('reviewer1', 'reviewer');
    const answer = (await reviewer.get('/api/admin/patents')).json();
    expect(answer.total).toBe(2);
    expect(answer.obj.map((tab: { status: number | null }) => tab.status)).toEqual([
      null,
      ...PATENT_STATUSES,
    ]);
    expect(answer.obj.find((tab: { status: number }) => tab.status === -6).count).toBe(1);
    expect(answer.rows[0]).toMatchObject({ customerName: '温州别家有限公司', customerId: otherCompany });
    expect((await reviewer.get(`/api/admin/patents?customerId=${company}`)).json().total).toBe(1);
  });
});

describe('reply packages', () => {
  it('takes a zip at 5 and answers its url and the new status; the customer can download it', async () => {
    const id = await patentOrder(t, company, { status: 5 });
    const response = await replyPackage(customer, id, zipOf('answer.txt', 'hello'));
    expect(response.statusCode).toBe(200);
    const { answerDataUrl, status } = response.json().data;
    expect(status).toBe(6);
    expect((await customer.get(answerDataUrl)).statusCode).toBe(200);
    expect((await other.get(answerDataUrl)).statusCode).toBe(404);
  });

  it('refuses a text file (415), a file over 5120 KB (413) and an empty body, keeping the order at 5', async () => {
    const id = await patentOrder(t, company, { status: 5 });
    const text = await replyPackage(customer, id, Buffer.from('just some words'), 'reply.zip');
    expect(text.statusCode).toBe(415);
    const big = Buffer.concat([zipOf('a.txt', 'a'), Buffer.alloc(5121 * 1024)]);
    const tooBig = await replyPackage(customer, id, big);
    expect(tooBig.statusCode).toBe(413);
    const pdf = await replyPackage(customer, id, SAMPLE_FILES.pdf, 'reply.pdf');
    expect(pdf.statusCode).toBe(415);
    const noFile = await customer.request({
      method: 'POST',
      url: `/api/patent/services/${id}/reply-package`,
      ...multipart([{ name: 'note', content: 'x' }]),
    });
    expect(noFile.statusCode).toBe(400);
    expect(await statusOf(t, id)).toBe(5);
    expect(await t.ctx.db.selectFrom('files').select('id').execute()).toHaveLength(0);
  });

  it('re-uploads at -2 when a package exists', async () => {
    const first = await upload(customer, 'reply-package', zipOf('a.txt', 'a'), 'a.zip');
    const id = await patentOrder(t, company, {
      status: -2,
      answer_file_id: first.split('/').pop() as string,
    });
    const response = await replyPackage(customer, id, zipOf('b.txt', 'b'));
    expect(response.json().data.status).toBe(6);
    expect(response.json().data.answerDataUrl).not.toBe(first);
  });
});
