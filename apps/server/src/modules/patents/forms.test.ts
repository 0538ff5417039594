import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_FILES } from '../../test/multipart.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import {
  attached,
  auditCount,
  companyOf,
  designMaterials,
  patentOrder,
  statusOf,
  upload,
} from './test-fixtures.ts';

let t: TestApp;
let reviewer: TestClient;
let customer: TestClient;
let company: number;
let pdf: string;

beforeEach(async () => {
  t = await createTestApp();
  reviewer = await t.loggedIn('reviewer1', 'reviewer');
  customer = await t.loggedIn('cust1', 'customer', '宁波表单测试有限公司');
  company = await companyOf(t, 'cust1');
  pdf = await upload(reviewer, 'document');
});
afterEach(async () => {
  await t.close();
});

describe('filing receipt (dialog type 1)', () => {
  it('names each missing field with its §5 message on submit, in both languages, and moves nothing', async () => {
    const id = await patentOrder(t, company, { status: 3 });
    const response = await reviewer.post(`/api/admin/patents/${id}/filing-receipt`, { type: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      msg: '请填写受理号',
      fields: {
        referenceNumber: '请填写受理号',
        agent: '请填写代理律师',
        acceptTime: '请选择回执日期',
        acceptReceiptFiles: '请上传受理回执',
      },
    });
    const english = await reviewer.request({
      method: 'POST',
      url: `/api/admin/patents/${id}/filing-receipt`,
      payload: { type: 1, referenceNumber: 'R-1', acceptReceiptFiles: [] },
      headers: { 'accept-language': 'en-US' },
    });
    expect(english.json().fields).toEqual({
      agent: 'please fill agent lawyer',
      acceptTime: 'please choose receipt date',
      acceptReceiptFiles: 'please upload acceptance receipt',
    });
    expect(await statusOf(t, id)).toBe(3);
    expect(await auditCount(t, id)).toBe(0);
  });

  it('saves (type 0) without validation and without a move; the customer does not see the saved record', async () => {
    const id = await patentOrder(t, company, { status: 3 });
    const response = await reviewer.post(`/api/admin/patents/${id}/filing-receipt`, {
      type: 0,
      agent: 'Smith',
    });
    expect(response.json()).toMatchObject({ code: 200, data: { status: 3 } });
    expect((await reviewer.get(`/api/admin/patents/${id}`)).json().data.brandDataInfo).toEqual({
      dataId: id,
      referenceNumber: null,
      agent: 'Smith',
      acceptTime: null,
      acceptReceiptFiles: [],
      type: 0,
    });
    expect((await customer.get(`/api/patent/services/${id}`)).json().data.brandDataInfo).toBeNull();
  });

  it('takes only PDFs uploaded as documents that exist', async () => {
    const id = await patentOrder(t, company, { status: 3 });
    const png = await upload(reviewer, 'image', SAMPLE_FILES.png, 'scan.png');
    const body = (url: string) => ({
      type: 1,
      referenceNumber: 'R',
      agent: 'A',
      acceptTime: '2026-01-01',
      acceptReceiptFiles: attached(url),
    });
    const wrongType = await reviewer.post(`/api/admin/patents/${id}/filing-receipt`, body(png));
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({
      msg: '只能上传 PDF 文件',
      fields: { 'acceptReceiptFiles.0.url': '只能上传 PDF 文件' },
    });
    const missing = await reviewer.post(
      `/api/admin/patents/${id}/filing-receipt`,
      body('/api/files/00000000-0000-4000-8000-000000000000'),
    );
    expect(missing.statusCode).toBe(400);
    const stranger = await t.loggedIn('stranger', 'customer', '别家公司');
    const theirs = await upload(stranger, 'document');
    expect((await reviewer.post(`/api/admin/patents/${id}/filing-receipt`, body(theirs))).statusCode).toBe(
      400,
    );
    expect(await statusOf(t, id)).toBe(3);
  });
});

describe('registration info (dialog types 3/4)', () => {
  it('requires every field on submit, with the §5 messages, but not the oath period for US orders', async () => {
    const gb = await patentOrder(t, company, { status: 10 });
    const missing = await reviewer.post(`/api/admin/patents/${gb}/registration`, { type: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      registrationNumber: '请填写注册号',
      brandRegisterTime: '请选择注册日期',
      brandOathTime: '请选择宣誓期限',
      brandRegisterFiles: '请上传注册证书',
    });
    const complete = {
      type: 1,
      registrationNumber: 'US D1,000,001',
      brandRegisterTime: '2026-04-01',
      brandRegisterFiles: attached(pdf),
    };
    const withoutOath = await reviewer.post(`/api/admin/patents/${gb}/registration`, complete);
    expect(withoutOath.json().fields).toEqual({ brandOathTime: '请选择宣誓期限' });
    const us = await patentOrder(t, company, { status: 10, country_id: 1 });
    expect((await reviewer.post(`/api/admin/patents/${us}/registration`, complete)).statusCode).toBe(200);
    expect((await reviewer.get(`/api/admin/patents/${us}`)).json().data).toMatchObject({
      status: 10,
      registrationNumber: 'US D1,000,001',
      brandRegisterDataInfo: { type: 1, brandOathTime: null },
    });
  });

  it('saves a draft without validation, and only at 9, 10, 12, 19 and 20', async () => {
    for (const status of [9, 10, 12, 19, 20]) {
      const id = await patentOrder(t, company, { status, country_id: 42 });
      expect((await reviewer.post(`/api/admin/patents/${id}/registration`, { type: 0 })).statusCode).toBe(
        200,
      );
    }
    for (const status of [3, 4, 11, -7]) {
      const id = await patentOrder(t, company, { status });
      expect((await reviewer.post(`/api/admin/patents/${id}/registration`, { type: 0 })).statusCode).toBe(
        409,
      );
    }
  });
});

describe('US filing (dialog type 7)', () => {
  it('requires both records on submit and saves a draft without a move', async () => {
    const id = await patentOrder(t, company, { status: 3, country_id: 1 });
    const missing = await reviewer.post(`/api/admin/patents/${id}/us-filing`, {
      type: 1,
      referenceNumber: '29/1',
    });
    expect(Object.keys(missing.json().fields)).toEqual([
      'acceptTime',
      'receiptFiles',
      'agent',
      'noticeTime',
      'noticeFiles',
    ]);
    expect(
      (await reviewer.post(`/api/admin/patents/${id}/us-filing`, { type: 0, agent: 'Lee' })).statusCode,
    ).toBe(200);
    expect((await reviewer.get(`/api/admin/patents/${id}`)).json().data.usFilingInfo[1]).toEqual({
      agent: 'Lee',
      acceptTime: '',
      noticeFiles: [],
    });
    expect((await customer.get(`/api/patent/services/${id}`)).json().data.usFilingInfo).toBeNull();
    expect(await statusOf(t, id)).toBe(3);
  });
});

describe('office action (dialog type 5), expedited notice', () => {
  it('needs issue date, deadline and letter when the letter exists; shows the newest on the row', async () => {
    const id = await patentOrder(t, company, { status: 4 });
    const incomplete = await reviewer.post(`/api/admin/patents/${id}/office-action`, {
      fileExists: 1,
      oaFileUrl: pdf,
    });
    expect(incomplete.statusCode).toBe(400);
    expect(Object.keys(incomplete.json().fields)).toEqual(
      expect.arrayContaining(['issuanceTime', 'oaAbortAnswerTime']),
    );
    await reviewer.post(`/api/admin/patents/${id}/office-action`, {
      fileExists: 1,
      issuanceTime: '2026-03-01',
      oaAbortAnswerTime: '2026-06-01',
      oaFileUrl: pdf,
    });
    const row = (await customer.get(`/api/patent/services/${id}`)).json().data;
    expect(row).toMatchObject({
      status: 5,
      oaAbortAnswerTime: '2026-06-01',
      oaDataInfo: { fileExists: 1, oaFileUrl: pdf },
    });
    // Correcting it to "no letter": only id, fileExists and the ascertainment file.
    const amended = await reviewer.post(`/api/admin/patents/${id}/office-action`, {
      id: row.oaDataInfo.id,
      fileExists: 0,
      ascertainmentFileUrl: pdf,
    });
    expect(amended.json().data).toEqual({ status: 5 });
    expect((await customer.get(`/api/patent/services/${id}`)).json().data.oaDataInfo).toMatchObject({
      id: row.oaDataInfo.id,
      fileExists: 0,
      oaFileUrl: null,
      ascertainmentFileUrl: pdf,
    });
  });

  it('starts a new office action at 7 or 8 without touching the earlier one', async () => {
    const id = await patentOrder(t, company, { status: 4 });
    const first = {
      fileExists: 1,
      issuanceTime: '2026-03-01',
      oaAbortAnswerTime: '2026-06-01',
      oaFileUrl: pdf,
    };
    expect((await reviewer.post(`/api/admin/patents/${id}/office-action`, first)).statusCode).toBe(200);
    await t.ctx.db.updateTable('patent_orders').set({ status: 8 }).where('id', '=', id).execute();
    const second = { ...first, issuanceTime: '2026-09-01', oaAbortAnswerTime: '2026-12-01' };
    expect((await reviewer.post(`/api/admin/patents/${id}/office-action`, second)).statusCode).toBe(200);
    const offices = await t.ctx.db
      .selectFrom('patent_office_actions')
      .select('oa_abort_answer_time')
      .where('order_id', '=', id)
      .orderBy('id')
      .execute();
    expect(offices.map((office) => office.oa_abort_answer_time)).toEqual(['2026-06-01', '2026-12-01']);
    expect((await customer.get(`/api/patent/services/${id}`)).json().data.oaAbortAnswerTime).toBe(
      '2026-12-01',
    );
  });

  it('explains a refused office action in words: the order’s status and the statuses the step needs', async () => {
    const id = await patentOrder(t, company, { status: 2 });
    const body = {
      fileExists: 1,
      issuanceTime: '2026-03-01',
      oaAbortAnswerTime: '2026-06-01',
      oaFileUrl: pdf,
    };
    const zh = await reviewer.post(`/api/admin/patents/${id}/office-action`, body);
    expect(zh.statusCode).toBe(409);
    expect(zh.json().msg).toBe(
      '该订单当前状态为「资料审核中」，此操作只能在「已受理、答复已递交、实质审查中」时进行，请刷新列表查看最新状态',
    );
    const en = await reviewer.request({
      method: 'POST',
      url: `/api/admin/patents/${id}/office-action`,
      payload: body,
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().msg).toContain('“Materials in review”');
    expect(en.json().msg).toContain('“Accepted, Reply filed, In examination”');
    // Amending an office action is for an order at 5 only.
    const amend = await reviewer.post(`/api/admin/patents/${id}/office-action`, {
      id: 1,
      fileExists: 0,
      ascertainmentFileUrl: pdf,
    });
    expect([404, 409]).toContain(amend.statusCode);
    expect(await statusOf(t, id)).toBe(2);
  });

  it('corrects the reply deadline at 5 with a required reason, and audits the old and new date', async () => {
    const id = await patentOrder(t, company, { status: 4 });
    const oa = { fileExists: 1, issuanceTime: '2026-03-01', oaAbortAnswerTime: '2026-06-01', oaFileUrl: pdf };
    await reviewer.post(`/api/admin/patents/${id}/office-action`, oa);
    const url = `/api/admin/patents/${id}/office-action/deadline`;
    const before = await auditCount(t, id);

    const noReason = await reviewer.post(url, { oaAbortAnswerTime: '2026-07-01', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().fields)).toEqual(['reason']);
    expect((await reviewer.post(url, { oaAbortAnswerTime: '07/01/2026', reason: 'typo' })).statusCode).toBe(
      400,
    );
    expect(await auditCount(t, id)).toBe(before);

    const fixed = await reviewer.post(url, { oaAbortAnswerTime: '2026-07-01', reason: '官文截止日录错' });
    expect(fixed.json()).toMatchObject({ code: 200, data: { status: 5 } });
    const row = (await customer.get(`/api/patent/services/${id}`)).json().data;
    expect(row).toMatchObject({ status: 5, oaAbortAnswerTime: '2026-07-01' });
    expect(row.oaDataInfo.oaAbortAnswerTime).toBe('2026-07-01');
    const history = (await reviewer.get(`/api/admin/patents/${id}/history`)).json().data;
    expect(history.at(-1)).toMatchObject({
      action: 'patent.correctOfficeActionDeadline',
      from: '2026-06-01',
      to: '2026-07-01',
      reason: '官文截止日录错',
      actor: 'reviewer1',
    });

    // Customers cannot, and past 5 it is refused in words.
    expect((await customer.post(url, { oaAbortAnswerTime: '2026-08-01', reason: 'x' })).statusCode).toBe(403);
    await t.ctx.db.updateTable('patent_orders').set({ status: 6 }).where('id', '=', id).execute();
    const late = await reviewer.post(url, { oaAbortAnswerTime: '2026-08-01', reason: 'x' });
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toContain('「OA待答复」');
    const without = await patentOrder(t, company, { status: 5 });
    expect(
      (
        await reviewer.post(`/api/admin/patents/${without}/office-action/deadline`, {
          oaAbortAnswerTime: '2026-08-01',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('attaches the expedited notice to expedited US orders only, at 4, 10, 11, 12, 19, 20', async () => {
    const body = { files: attached(pdf, 'notice.pdf') };
    const speedy = await patentOrder(t, company, { status: 4, country_id: 1, is_speed: 1 });
    expect((await reviewer.post(`/api/admin/patents/${speedy}/expedited-notice`, body)).statusCode).toBe(200);
    expect((await customer.get(`/api/patent/services/${speedy}`)).json().data.orderDataInfo).toEqual({
      isAuthorizationAmout: null,
      currency: 'CNY',
      isSpeed: true,
      expeditedNoticeFiles: body.files,
    });
    const slow = await patentOrder(t, company, { status: 4, country_id: 1 });
    expect((await reviewer.post(`/api/admin/patents/${slow}/expedited-notice`, body)).statusCode).toBe(409);
    const notUs = await patentOrder(t, company, { status: 4, is_speed: 1 });
    expect((await reviewer.post(`/api/admin/patents/${notUs}/expedited-notice`, body)).statusCode).toBe(409);
    const early = await patentOrder(t, company, { status: 3, country_id: 1, is_speed: 1 });
    expect((await reviewer.post(`/api/admin/patents/${early}/expedited-notice`, body)).statusCode).toBe(409);
  });
});

describe('materials', () => {
  it('saves a draft in any shape, submits with the per-type rules, and keeps the draft for a re-upload', async () => {
    const id = await patentOrder(t, company, { status: 1, patent_type: 2 });
    const picture = await upload(customer, 'image', SAMPLE_FILES.png, 'front.png');
    expect(
      (
        await customer.post(`/api/patent/services/${id}/materials`, {
          type: 0,
          materials: { remark: 'half done' },
        })
      ).json(),
    ).toMatchObject({ code: 200, data: { status: 1 } });
    const form = (await customer.get(`/api/patent/services/${id}/materials`)).json().data;
    expect(form).toMatchObject({
      serviceId: id,
      status: 1,
      patentType: 2,
      materials: { remark: 'half done' },
      submittedAt: null,
    });
    expect(form.draftSavedAt).toEqual(expect.any(String));

    const noSpecification = await customer.post(`/api/patent/services/${id}/materials`, {
      type: 1,
      materials: designMaterials(picture, picture),
    });
    expect(noSpecification.statusCode).toBe(400);
    expect(noSpecification.json().fields).toEqual({
      'materials.specification': '发明和实用新型专利请上传说明书',
    });

    const broken = await customer.post(`/api/patent/services/${id}/materials`, {
      type: 1,
      materials: { ...designMaterials(picture, picture), inventors: [] },
    });
    expect(broken.statusCode).toBe(400);
    expect(Object.keys(broken.json().fields)).toContain('materials.inventors');
    expect(await statusOf(t, id)).toBe(1);
  });

  it('refuses files that are not the customer’s own', async () => {
    const id = await patentOrder(t, company, { status: 1 });
    const stranger = await t.loggedIn('stranger', 'customer', '别家公司');
    const theirs = await upload(stranger, 'image', SAMPLE_FILES.png, 'x.png');
    const response = await customer.post(`/api/patent/services/${id}/materials`, {
      type: 0,
      materials: { productSeriesInfo: { pictureInfoList: [{ url: theirs, alias: 'x' }] } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      'materials.productSeriesInfo.pictureInfoList.0.url': '资料中的文件不存在或不是您上传的',
    });
  });

  it('shows the rejection reasons and the additional rules of the newest version for the order', async () => {
    const id = await patentOrder(t, company, { status: -1, country_id: 42 });
    const reviewerId = (
      await t.ctx.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'reviewer1')
        .executeTakeFirstOrThrow()
    ).id;
    await t.ctx.db
      .insertInto('patent_reject_reasons')
      .values({
        order_id: id,
        status: -1,
        operator_user_id: reviewerId,
        content: '请补充委托书',
        created_at: '2026-01-02T00:00:00.000Z',
      })
      .execute();
    const at = '2026-01-01T00:00:00.000Z';
    await t.ctx.db
      .insertInto('patent_additional_rules')
      .values([
        { version: 1, patent_type: null, country_id: null, title: 'old', content: 'v1', created_at: at },
        { version: 2, patent_type: null, country_id: null, title: 'general', content: 'v2', created_at: at },
        {
          version: 2,
          patent_type: 1,
          country_id: 42,
          title: 'japan design',
          content: 'v2 jp',
          created_at: at,
        },
        {
          version: 2,
          patent_type: 2,
          country_id: null,
          title: 'invention',
          content: 'not for designs',
          created_at: at,
        },
      ])
      .execute();
    const form = (await customer.get(`/api/patent/services/${id}/materials`)).json().data;
    expect(form.additionalRulesInfo.map((rule: { title: string }) => rule.title)).toEqual([
      'general',
      'japan design',
    ]);
    expect(form.rejectReasons).toMatchObject([
      { operator: 'reviewer1', content: '请补充委托书', status: -1 },
    ]);
  });
});
