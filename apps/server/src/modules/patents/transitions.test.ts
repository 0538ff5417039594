import {
  PATENT_STATUSES,
  PATENT_TRANSITIONS,
  type PatentTransition,
  patentStatusLabel,
} from '@kxt/contracts/patents';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { multipart, SAMPLE_FILES } from '../../test/multipart.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import {
  attached,
  auditCount,
  companyOf,
  designMaterials,
  patentOrder,
  statusOf,
  upload,
  zipOf,
} from './test-fixtures.ts';

let t: TestApp;
let reviewer: TestClient;
let admin: TestClient;
let customer: TestClient;
let company: number;
let pdf: string;

beforeEach(async () => {
  t = await createTestApp();
  reviewer = await t.loggedIn('reviewer1', 'reviewer');
  admin = await t.loggedIn('admin1', 'admin');
  customer = await t.loggedIn('cust1', 'customer', '宁波流程测试有限公司');
  company = await companyOf(t, 'cust1');
  pdf = await upload(reviewer, 'document');
});
afterEach(async () => {
  await t.close();
});

const replyZip = zipOf('reply.txt', 'our answer to the office action');
const uploadReply = (id: number, content: Buffer = replyZip, filename = 'reply.zip') =>
  customer.request({
    method: 'POST',
    url: `/api/patent/services/${id}/reply-package`,
    ...multipart([{ name: 'file', filename, content }]),
  });

async function expectMove(response: { statusCode: number; body: string }, id: number, to: number) {
  expect(response.statusCode, response.body).toBe(200);
  expect(await statusOf(t, id)).toBe(to);
}

/** The last audit row of an order. */
async function lastAudit(id: number) {
  return t.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', 'patent_order')
    .where('entity_id', '=', String(id))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

describe('every move through the API', () => {
  it('walks an order from materials to the certificate, auditing each move with actor, from, to and reason', async () => {
    const id = await patentOrder(t, company, { status: 1 });
    const picture = await upload(customer, 'image', SAMPLE_FILES.png, 'front.png');
    const drawing = await upload(customer, 'materials', SAMPLE_FILES.pdf, 'front.pdf');
    const materials = designMaterials(picture, drawing);

    await expectMove(
      await customer.post(`/api/patent/services/${id}/materials`, { type: 1, materials }),
      id,
      2,
    );
    expect(await lastAudit(id)).toMatchObject({
      action: 'patent.submitMaterials',
      from_state: '1',
      to_state: '2',
    });

    await expectMove(
      await reviewer.post(`/api/admin/patents/${id}/materials-review`, {
        decision: 'reject',
        reason: '图片不清晰',
      }),
      id,
      -1,
    );
    expect(await lastAudit(id)).toMatchObject({ from_state: '2', to_state: '-1', reason: '图片不清晰' });
    const reasons = (await customer.get(`/api/patent/services/${id}/reject-reasons?status=-1`)).json().data;
    expect(reasons).toEqual([
      {
        id: expect.any(Number),
        createTime: expect.any(String),
        operator: 'reviewer1',
        content: '图片不清晰',
        status: -1,
      },
    ]);

    await expectMove(
      await customer.post(`/api/patent/services/${id}/materials`, { type: 1, materials }),
      id,
      2,
    );
    await expectMove(
      await reviewer.post(`/api/admin/patents/${id}/materials-review`, { decision: 'approve' }),
      id,
      3,
    );
    await expectMove(
      await reviewer.post(`/api/admin/patents/${id}/filing-receipt`, {
        type: 1,
        referenceNumber: 'GB-REF-1',
        agent: 'Smith & Co',
        acceptTime: '2026-02-01',
        acceptReceiptFiles: attached(pdf),
      }),
      id,
      4,
    );
    await expectMove(
      await reviewer.post(`/api/admin/patents/${id}/review-receipt`, {
        recheckReceiptTime: '2026-03-01',
        recheckReceipt: pdf,
      }),
      id,
      8,
    );
    await expectMove(
      await reviewer.post(`/api/admin/patents/${id}/office-action`, {
        fileExists: 1,
        issuanceTime: '2026-03-10',
        oaAbortAnswerTime: '2026-06-10',
        oaFileUrl: pdf,
      }),
      id,
      5,
    );
    await expectMove(await uploadReply(id), id, 6);
    await expectMove(
      await admin.post(`/api/admin/patents/${id}/reply-review`, { decision: 'reject', reason: '缺少签字页' }),
      id,
      -2,
    );
    await expectMove(await uploadReply(id), id, 6);
    await expectMove(
      await reviewer.post(`/api/admin/patents/${id}/reply-review`, { decision: 'approve' }),
      id,
      7,
    );
    await expectMove(
      await reviewer.post(`/api/admin/patents/${id}/transition`, { transition: 'allow' }),
      id,
      9,
    );
    await expectMove(
      await reviewer.post(`/api/admin/patents/${id}/authorization-fee`, { amount: 150_000 }),
      id,
      12,
    );
    const { markAuthorizationFeePaid } = await import('./authorization-fee.ts');
    await t.ctx.db
      .transaction()
      .execute((trx) => markAuthorizationFeePaid(trx, id, { actorLabel: 'payment-provider' }));
    expect(await statusOf(t, id)).toBe(10);
    expect(
      (
        await reviewer.post(`/api/admin/patents/${id}/certificate`, {
          certificateTime: '2026-05-01',
          certificateFiles: attached(pdf),
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await reviewer.post(`/api/admin/patents/${id}/registration`, {
          type: 1,
          registrationNumber: 'GB-REG-9',
          brandRegisterTime: '2026-04-20',
          brandOathTime: '2026-04-20/2031-04-20',
          brandRegisterFiles: attached(pdf),
        })
      ).statusCode,
    ).toBe(200);
    await expectMove(
      await reviewer.post(`/api/admin/patents/${id}/certificate`, {
        certificateTime: '2026-05-01',
        certificateFiles: attached(pdf),
      }),
      id,
      11,
    );

    const row = (await customer.get(`/api/patent/services/${id}`)).json().data;
    expect(row).toMatchObject({
      status: 11,
      statusName: '已下证',
      registerStatus: 2,
      referenceNumber: 'GB-REF-1',
      registrationNumber: 'GB-REG-9',
      brandOathTime: '2026-04-20/2031-04-20',
      renewalTime: '2027-05-01',
      recheckReceipt: pdf,
      patentDataInfo: { certificateTime: '2026-05-01', certificateFiles: attached(pdf) },
      oaDataInfo: { fileExists: 1, oaAbortAnswerTime: '2026-06-10', oaFileUrl: pdf },
      applyTitle: '深圳测试科技有限公司',
      inventorName: '王明',
      productName: '蓝牙音箱',
    });
    expect(row.answerDataUrl).toMatch(/^\/api\/files\//);
    // Staff uploads attached to the order are handed to its customer, who may now open them.
    expect((await customer.get(pdf)).statusCode).toBe(200);

    const history = (await reviewer.get(`/api/admin/patents/${id}/history`)).json().data as {
      action: string;
      from: string | null;
      to: string | null;
      actor: string | null;
    }[];
    const moves = history.filter((entry) => entry.from !== null).map((entry) => `${entry.from}>${entry.to}`);
    expect(moves).toEqual([
      '1>2',
      '2>-1',
      '-1>2',
      '2>3',
      '3>4',
      '4>8',
      '8>5',
      '5>6',
      '6>-2',
      '-2>6',
      '6>7',
      '7>9',
      '9>12',
      '12>10',
      '10>11',
    ]);
    expect(history.find((entry) => entry.action === 'patent.payAuthorizationFee')?.actor).toBe(
      'payment-provider',
    );
    expect(history.find((entry) => entry.action === 'patent.rejectReply')?.actor).toBe('admin1');
  });

  it('moves 4 → 5, 7 → 8, 4 → 9, 8 → 9, waives the fee 9 → 10, and takes a US order through its two-record filing', async () => {
    const at4 = await patentOrder(t, company, { status: 4 });
    await expectMove(
      await reviewer.post(`/api/admin/patents/${at4}/office-action`, {
        fileExists: 0,
        ascertainmentFileUrl: pdf,
      }),
      at4,
      5,
    );
    const at7 = await patentOrder(t, company, { status: 7 });
    await expectMove(
      await reviewer.post(`/api/admin/patents/${at7}/review-receipt`, {
        recheckReceiptTime: '2026-03-01',
        recheckReceipt: pdf,
      }),
      at7,
      8,
    );
    const allowAt4 = await patentOrder(t, company, { status: 4 });
    await expectMove(
      await reviewer.post(`/api/admin/patents/${allowAt4}/transition`, { transition: 'allow' }),
      allowAt4,
      9,
    );
    const allowAt8 = await patentOrder(t, company, { status: 8 });
    await expectMove(
      await reviewer.post(`/api/admin/patents/${allowAt8}/transition`, { transition: 'allow' }),
      allowAt8,
      9,
    );
    await expectMove(
      await reviewer.post(`/api/admin/patents/${allowAt8}/transition`, {
        transition: 'waiveAuthorizationFee',
      }),
      allowAt8,
      10,
    );
    const oaAt7 = await patentOrder(t, company, { status: 7 });
    await expectMove(
      await reviewer.post(`/api/admin/patents/${oaAt7}/office-action`, {
        fileExists: 1,
        issuanceTime: '2026-03-10',
        oaAbortAnswerTime: '2026-06-10',
        oaFileUrl: pdf,
      }),
      oaAt7,
      5,
    );

    const us = await patentOrder(t, company, { status: 3, country_id: 1 });
    await expectMove(
      await reviewer.post(`/api/admin/patents/${us}/us-filing`, {
        type: 1,
        referenceNumber: '29/912,345',
        acceptTime: '2026-02-01',
        receiptFiles: attached(pdf),
        agent: 'Lee IP Law',
        noticeTime: '2026-02-03',
        noticeFiles: attached(pdf, 'notice.pdf'),
      }),
      us,
      4,
    );
    const row = (await customer.get(`/api/patent/services/${us}`)).json().data;
    expect(row.usFilingInfo).toEqual([
      { referenceNumber: '29/912,345', acceptTime: '2026-02-01', receiptFiles: attached(pdf) },
      { agent: 'Lee IP Law', acceptTime: '2026-02-03', noticeFiles: attached(pdf, 'notice.pdf') },
    ]);
    expect(row).toMatchObject({ referenceNumber: '29/912,345', registerStatus: 1 });
    expect(row.brandDataInfo).toMatchObject({ type: 1, referenceNumber: '29/912,345' });
  });

  it('takes a Japanese order through 19 and 20: paid fee → 19, 設定登録 → 20, certificate → 11', async () => {
    const id = await patentOrder(t, company, { status: 12, country_id: 42, authorization_amount: 88_000 });
    const { markAuthorizationFeePaid } = await import('./authorization-fee.ts');
    await t.ctx.db
      .transaction()
      .execute((trx) => markAuthorizationFeePaid(trx, id, { actorLabel: 'payment-provider' }));
    expect(await statusOf(t, id)).toBe(19);
    await expectMove(
      await admin.post(`/api/admin/patents/${id}/transition`, { transition: 'registerJapan' }),
      id,
      20,
    );
    await reviewer.post(`/api/admin/patents/${id}/registration`, {
      type: 1,
      registrationNumber: '意匠登録第1700001号',
      brandRegisterTime: '2026-04-20',
      brandOathTime: '2026-04-20/2051-04-20',
      brandRegisterFiles: attached(pdf),
    });
    await expectMove(
      await reviewer.post(`/api/admin/patents/${id}/certificate`, {
        certificateTime: '2026-05-01',
        certificateFiles: attached(pdf),
        renewalTime: '2027-04-20',
      }),
      id,
      11,
    );
  });

  it('lets admins cancel, refund and close with a reason; the reason is required and reviewers may not', async () => {
    const cases = [
      ['cancel', 2, -3],
      ['refund', 12, -6],
      ['close', 20, -7],
    ] as const;
    for (const [transition, from, to] of cases) {
      const id = await patentOrder(t, company, { status: from, country_id: from === 20 ? 42 : 44 });
      const noReason = await admin.post(`/api/admin/patents/${id}/transition`, { transition });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().fields).toHaveProperty('reason');
      expect(
        (await reviewer.post(`/api/admin/patents/${id}/transition`, { transition, reason: 'x' })).statusCode,
      ).toBe(409);
      expect(await auditCount(t, id)).toBe(0);
      await expectMove(
        await admin.post(`/api/admin/patents/${id}/transition`, { transition, reason: '客户要求' }),
        id,
        to,
      );
      expect(await lastAudit(id)).toMatchObject({ action: `patent.${transition}`, reason: '客户要求' });
    }
    const refunded = await patentOrder(t, company, { status: -6 });
    expect((await customer.get(`/api/patent/services/${refunded}/refund-check`)).json().data).toEqual({
      refunded: true,
      status: -6,
    });
  });

  it('needs a reason to reject materials or a reply', async () => {
    const id = await patentOrder(t, company, { status: 2 });
    const response = await reviewer.post(`/api/admin/patents/${id}/materials-review`, { decision: 'reject' });
    expect(response.statusCode).toBe(400);
    expect(await statusOf(t, id)).toBe(2);
  });
});

/** How each staff move is asked for over HTTP, with a body that passes validation. */
function staffCall(transition: PatentTransition, pdfUrl: string): [string, unknown] | undefined {
  switch (transition) {
    case 'approveMaterials':
      return ['materials-review', { decision: 'approve' }];
    case 'rejectMaterials':
      return ['materials-review', { decision: 'reject', reason: 'no' }];
    case 'submitFiling':
      return [
        'filing-receipt',
        {
          type: 1,
          referenceNumber: 'R',
          agent: 'A',
          acceptTime: '2026-01-01',
          acceptReceiptFiles: attached(pdfUrl),
        },
      ];
    case 'enterOfficeAction':
      return ['office-action', { fileExists: 0, ascertainmentFileUrl: pdfUrl }];
    case 'acceptReply':
      return ['reply-review', { decision: 'approve' }];
    case 'rejectReply':
      return ['reply-review', { decision: 'reject', reason: 'no' }];
    case 'enterReviewReceipt':
      return ['review-receipt', { recheckReceiptTime: '2026-01-01', recheckReceipt: pdfUrl }];
    case 'setAuthorizationFee':
      return ['authorization-fee', { amount: 100 }];
    case 'issueCertificate':
      return ['certificate', { certificateTime: '2026-01-01', certificateFiles: attached(pdfUrl) }];
    case 'allow':
    case 'waiveAuthorizationFee':
    case 'registerJapan':
    case 'cancel':
    case 'refund':
    case 'close':
      return ['transition', { transition, reason: 'because' }];
    default:
      return undefined;
  }
}

describe('refused moves', () => {
  it('answers every staff move from a status outside the table with 409, changing nothing and auditing nothing', async () => {
    const orders = new Map<number, number>();
    for (const status of PATENT_STATUSES) {
      orders.set(
        status,
        await patentOrder(t, company, { status, country_id: 42, authorization_amount: 100 }),
      );
    }
    let refused = 0;
    for (const [transition, rule] of Object.entries(PATENT_TRANSITIONS) as [
      PatentTransition,
      (typeof PATENT_TRANSITIONS)[PatentTransition],
    ][]) {
      const call = staffCall(transition, pdf);
      if (!call) continue;
      for (const status of PATENT_STATUSES) {
        if ((rule.from as readonly number[]).includes(status)) continue;
        const id = orders.get(status) as number;
        const response = await admin.post(`/api/admin/patents/${id}/${call[0]}`, call[1]);
        expect(response.statusCode, `${transition} from ${status}: ${response.body}`).toBe(409);
        expect(response.json().msg).toContain(`该订单当前状态为「${patentStatusLabel(status, 'zh-CN')}」`);
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(150);
    for (const [status, id] of orders) {
      expect(await statusOf(t, id)).toBe(status);
      expect(await auditCount(t, id)).toBe(0);
    }
  });

  it('refuses customer moves outside the table: materials and reply packages at the wrong status', async () => {
    const picture = await upload(customer, 'image', SAMPLE_FILES.png, 'front.png');
    const materials = designMaterials(picture, picture);
    for (const status of PATENT_STATUSES.filter((status) => status !== 1 && status !== -1)) {
      const id = await patentOrder(t, company, { status });
      expect(
        (await customer.post(`/api/patent/services/${id}/materials`, { type: 1, materials })).statusCode,
      ).toBe(409);
      expect(
        (await customer.post(`/api/patent/services/${id}/materials`, { type: 0, materials: {} })).statusCode,
      ).toBe(409);
      if (status !== 5 && status !== -2) {
        expect((await uploadReply(id)).statusCode, `reply at ${status}`).toBe(409);
      }
      expect(await statusOf(t, id)).toBe(status);
      expect(await auditCount(t, id)).toBe(0);
    }
    const rejectedWithoutPackage = await patentOrder(t, company, { status: -2 });
    expect((await uploadReply(rejectedWithoutPackage)).statusCode).toBe(409);
    const files = await t.ctx.db
      .selectFrom('files')
      .select('id')
      .where('purpose', '=', 'reply-package')
      .execute();
    expect(files).toHaveLength(0);
  });

  it('refuses a move when the order moved meanwhile (compare-and-set)', async () => {
    const id = await patentOrder(t, company, { status: 2 });
    const { applyTransition } = await import('./transitions.ts');
    const stale = { id, status: 2, country_id: 44 };
    await t.ctx.db.updateTable('patent_orders').set({ status: 3 }).where('id', '=', id).execute();
    await expect(
      t.ctx.db.transaction().execute((trx) =>
        applyTransition(trx, stale, 'approveMaterials', {
          role: 'reviewer',
          audit: { actorLabel: 'test' },
        }),
      ),
    ).rejects.toMatchObject({ status: 409, messageKey: 'patent.statusChanged' });
    expect(await statusOf(t, id)).toBe(3);
    expect(await auditCount(t, id)).toBe(0);
  });

  it('keeps registerJapan for country 42 and the US filing for US orders', async () => {
    const gb = await patentOrder(t, company, { status: 19, country_id: 44 });
    expect(
      (await admin.post(`/api/admin/patents/${gb}/transition`, { transition: 'registerJapan' })).statusCode,
    ).toBe(409);
    const us = await patentOrder(t, company, { status: 3, country_id: 1 });
    const response = await reviewer.post(`/api/admin/patents/${us}/filing-receipt`, { type: 0 });
    expect(response.statusCode).toBe(409);
    expect(response.json().msg).toBe('美国订单请录入美国递交信息（两份回执）');
    const gb3 = await patentOrder(t, company, { status: 3, country_id: 44 });
    expect((await reviewer.post(`/api/admin/patents/${gb3}/us-filing`, { type: 0 })).statusCode).toBe(409);
    expect(await statusOf(t, gb3)).toBe(3);
  });
});
