import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_FILES } from '../../test/multipart.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { decodeImage } from './images.ts';
import {
  confirmIdentity,
  createAgreement,
  createTemplate,
  customerId,
  pagePng,
  SIGNATURES,
  signer,
  uploadPage,
} from './test-fixtures.ts';

let t: TestApp;
let admin: TestClient;
let customer: number;
let link: { id: number; code: string; url: string };
let s: ReturnType<typeof signer>;

beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loggedIn('admin1', 'admin');
  await createTemplate(admin, '知识产权服务协议', 2);
  customer = await customerId(t, '深圳市签约测试有限公司');
  link = await createAgreement(admin, customer);
  await confirmIdentity(t, link);
  s = signer(t);
});
afterEach(async () => {
  await t.close();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const auditActions = async (id: number) =>
  (
    await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'agreement')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute()
  ).map((row) => row.action);

/** What the page does: open the link, confirm reading, upload the drawn signature. */
async function readAndUpload(content = SIGNATURES.png()) {
  expect((await s.getInfo(link.code)).statusCode).toBe(200);
  expect((await s.confirm({ code: link.code, status: 1 })).statusCode).toBe(200);
  const upload = await s.upload(link.code, content);
  expect(upload.statusCode, upload.body).toBe(200);
  return upload.json().data[0].url as string;
}

async function signNow() {
  const url = await readAndUpload();
  const response = await s.confirm({ code: link.code, url, status: 2 });
  expect(response.statusCode, response.body).toBe(200);
  return url;
}

describe('POST /api/kxt/getInfo', () => {
  it('answers the agreement info without a login or CSRF token, and records the first opening once', async () => {
    const response = await s.getInfo(link.code);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({
      agreementName: '知识产权服务协议',
      readStatus: 0,
      confirmStatus: 0,
      signedAt: null,
    });
    expect(body.data.pages).toHaveLength(2);
    for (const page of body.data.pages) expect(page).toMatch(/^\/api\/kxt\/file\/[0-9a-f-]{36}\?code=/);
    expect(body.data.confirmFile).toBe(body.data.pages[1]);

    await s.getInfo(link.code);
    expect(await auditActions(link.id)).toEqual([
      'agreement.create',
      'agreement.codeSent',
      'agreement.identityConfirmed',
      'agreement.open',
    ]);
    const row = await t.ctx.db
      .selectFrom('agreements')
      .select('opened_at')
      .where('id', '=', link.id)
      .executeTakeFirst();
    expect(row?.opened_at).toBeTruthy();
  });

  it('serves the page images through the code-checked url only', async () => {
    const info = (await s.getInfo(link.code)).json().data;
    const page = await s.client.get(info.pages[0]);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/png');
    expect(page.rawPayload.equals(pagePng(255))).toBe(true);

    const fileId = /file\/([^?]+)/.exec(info.pages[0])?.[1];
    expect((await s.client.get(`/api/files/${fileId}`)).statusCode).toBe(401);
    expect((await s.client.get(`/api/kxt/file/${fileId}`)).statusCode).toBe(400);
    expect((await s.client.get(`/api/kxt/file/${fileId}?code=wrong-code`)).statusCode).toBe(404);

    // A file that exists but belongs to no template of this agreement.
    const stranger = await uploadPage(admin);
    expect((await s.client.get(`/api/kxt/file/${stranger}?code=${link.code}`)).statusCode).toBe(404);
    // Another agreement's page, with this agreement's code.
    await createTemplate(admin, 'VAT服务协议', 1);
    const other = await createAgreement(admin, customer, 'VAT服务协议');
    const otherPage = (await s.getInfo(other.code)).json().data.pages[0] as string;
    const otherId = /file\/([^?]+)/.exec(otherPage)?.[1];
    expect(
      (await s.client.get(`/api/kxt/file/${otherId}?code=${encodeURIComponent(link.code)}`)).statusCode,
    ).toBe(404);
  });

  it('answers an unknown code 404, an expired one 410 and a revoked one 410, each with a message', async () => {
    const unknown = await s.getInfo('no-such-code-0123456789');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 404, msg: '签署链接无效，请联系客服获取新的链接' });

    await t.ctx.db
      .updateTable('agreements')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', link.id)
      .execute();
    const expired = await s.getInfo(link.code);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().msg).toBe('签署链接已过期，请联系客服重新发送');
    const file = await s.client.get(`/api/kxt/file/00000000-0000-4000-8000-000000000000?code=${link.code}`);
    expect(file.statusCode).toBe(410);

    const fresh = await createAgreement(admin, customer);
    expect((await admin.post(`/api/admin/agreements/${fresh.id}/revoke`, {})).statusCode).toBe(200);
    const revoked = await s.getInfo(fresh.code);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().msg).toBe('签署链接已作废，请联系客服');
    expect((await s.confirm({ code: fresh.code, status: 1 })).statusCode).toBe(410);
    expect((await s.upload(fresh.code, SIGNATURES.png())).statusCode).toBe(410);
  });

  it('answers in English when asked', async () => {
    const response = await s.client.request({
      method: 'POST',
      url: '/api/kxt/getInfo',
      payload: { code: 'nope' },
      headers: { 'accept-language': 'en-US' },
      csrf: false,
    });
    expect(response.json().msg).toBe('This signing link is not valid; please ask us for a new one');
  });

  it('refuses a missing, empty or over-long code with 400', async () => {
    for (const payload of [{}, { code: '' }, { code: 'x'.repeat(201) }, { code: 42 }]) {
      const response = await s.client.request({
        method: 'POST',
        url: '/api/kxt/getInfo',
        payload,
        csrf: false,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fields).toHaveProperty('code');
    }
  });
});

describe('POST /api/kxt/confirm', () => {
  it('moves 0 → 1 on reading; reading again changes nothing', async () => {
    const first = await s.confirm({ code: link.code, status: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json().code).toBe(200);
    expect((await s.confirm({ code: link.code, status: 1 })).statusCode).toBe(200);
    const info = (await s.getInfo(link.code)).json().data;
    expect(info).toMatchObject({ readStatus: 1, confirmStatus: 0 });
    expect((await auditActions(link.id)).filter((action) => action === 'agreement.read')).toHaveLength(1);
  });

  it('refuses signing before reading with 409', async () => {
    const upload = await s.upload(link.code, SIGNATURES.png());
    expect(upload.statusCode).toBe(200);
    const response = await s.confirm({ code: link.code, url: upload.json().data[0].url, status: 2 });
    expect(response.statusCode).toBe(409);
    expect(response.json().msg).toBe('请先阅读协议再签署');
  });

  it('refuses unknown statuses and a signing without a url with 400', async () => {
    for (const body of [
      { code: link.code, status: 0 },
      { code: link.code, status: 3 },
      { code: link.code, status: '1' },
      { code: link.code, status: 2 },
      { code: link.code },
    ]) {
      expect((await s.confirm(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('signs: composes the signed page and PDF, keeps hashes, and shows view mode', async () => {
    const signatureUrl = await signNow();
    const info = (await s.getInfo(link.code)).json().data;
    expect(info).toMatchObject({ readStatus: 1, confirmStatus: 1 });
    expect(info.signedAt).toBeTruthy();
    expect(info.confirmFile).not.toBe(info.pages[1]);
    expect(info.confirmFile).not.toBe(signatureUrl);

    // The signed page is the last page with ink in the signature box (lower right), and nothing changed elsewhere.
    const signedPage = await s.client.get(info.confirmFile);
    expect(signedPage.statusCode).toBe(200);
    const lastPage = decodeImage(pagePng(254), 'image/png', 1e7);
    const signed = decodeImage(signedPage.rawPayload, 'image/png', 1e7);
    expect([signed.width, signed.height]).toEqual([lastPage.width, lastPage.height]);
    let changedInBox = 0;
    let changedOutside = 0;
    for (let y = 0; y < signed.height; y += 1) {
      for (let x = 0; x < signed.width; x += 1) {
        const offset = (y * signed.width + x) * 4;
        const changed = signed.data[offset] !== lastPage.data[offset];
        const inBox = x >= 0.55 * 200 && x <= 0.91 * 200 + 1 && y >= 0.8 * 283 && y <= 0.92 * 283 + 1;
        if (changed && inBox) changedInBox += 1;
        if (changed && !inBox) changedOutside += 1;
      }
    }
    expect(changedInBox).toBeGreaterThan(50);
    expect(changedOutside).toBe(0);

    const detail = (await admin.get(`/api/admin/agreements/${link.id}`)).json().data;
    expect(detail).toMatchObject({ status: 2, signerIp: '127.0.0.1' });
    expect(detail.signatureSha256).toBe(sha256(SIGNATURES.png()));
    expect(detail.signedImageSha256).toBe(sha256(signedPage.rawPayload));
    expect(detail.audit.map((entry: { action: string }) => entry.action)).toEqual([
      'agreement.create',
      'agreement.codeSent',
      'agreement.identityConfirmed',
      'agreement.open',
      'agreement.read',
      'agreement.upload',
      'agreement.sign',
    ]);
    const signEntry = detail.audit.at(-1);
    expect(signEntry).toMatchObject({ from: '1', to: '2', actor: 'public-link', ip: '127.0.0.1' });
    expect(JSON.parse(signEntry.reason).signedPdfSha256).toBe(detail.signedPdfSha256);

    const pdf = await admin.get(detail.signedPdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''/);
    expect(sha256(pdf.rawPayload)).toBe(detail.signedPdfSha256);
    const document = await PDFDocument.load(pdf.rawPayload);
    expect(document.getPageCount()).toBeGreaterThanOrEqual(3); // two agreement pages and the evidence page(s)
    expect(document.getTitle()).toBe('知识产权服务协议 - 深圳市签约测试有限公司');

    const evidence = JSON.parse(
      (
        await t.ctx.db
          .selectFrom('agreements')
          .select('evidence')
          .where('id', '=', link.id)
          .executeTakeFirstOrThrow()
      ).evidence ?? '{}',
    );
    expect(evidence).toMatchObject({
      agreement: {
        name: '知识产权服务协议',
        nameEn: 'Intellectual property service agreement',
        templateVersion: 1,
      },
      customer: { id: customer, name: '深圳市签约测试有限公司' },
      signer: { ip: '127.0.0.1' },
      signature: { sha256: detail.signatureSha256, width: 300, height: 120 },
      signedImage: { sha256: detail.signedImageSha256, pageNo: 2 },
    });
    expect(evidence.pages.map((page: { sha256: string }) => page.sha256)).toEqual(
      detail.pages.map((page: { sha256: string }) => page.sha256),
    );
    expect(evidence.link.url).not.toContain(link.code);
    expect(evidence.times.openedAt).toBeTruthy();
    expect(evidence.times.readAt >= evidence.times.openedAt).toBe(true);
    expect(evidence.times.signedAt >= evidence.times.readAt).toBe(true);
  });

  it('refuses signing twice with 409, going back to read with 409, and uploads after signing with 409', async () => {
    const url = await signNow();
    const again = await s.confirm({ code: link.code, url, status: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('协议已签署，不能重复签署');
    expect((await s.confirm({ code: link.code, status: 1 })).statusCode).toBe(409);
    expect((await s.upload(link.code, SIGNATURES.png())).statusCode).toBe(409);
    expect((await auditActions(link.id)).filter((action) => action === 'agreement.sign')).toHaveLength(1);
  });

  it('lets only one of two simultaneous signings through', async () => {
    const url = await readAndUpload();
    const results = await Promise.all([
      s.confirm({ code: link.code, url, status: 2 }),
      s.confirm({ code: link.code, url, status: 2 }),
    ]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const signedFiles = await t.ctx.db
      .selectFrom('files')
      .select('id')
      .where('purpose', '=', 'agreement-signed-pdf')
      .execute();
    expect(signedFiles).toHaveLength(1);
  });

  it('signs only with a signature uploaded through the same link', async () => {
    await s.confirm({ code: link.code, status: 1 });
    const other = await createAgreement(admin, customer);
    await confirmIdentity(t, other);
    const foreign = (await s.upload(other.code, SIGNATURES.png())).json().data[0].url as string;
    for (const url of [
      foreign,
      'https://evil.example/x.png',
      '/api/files/00000000-0000-4000-8000-000000000000',
      '::',
    ]) {
      const response = await s.confirm({ code: link.code, url, status: 2 });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().fields).toHaveProperty('url');
    }
  });
});

describe('POST /api/kxt/upload', () => {
  it('keeps a PNG or a JPEG with ink and answers [{ url }] serving the same bytes', async () => {
    for (const [content, type] of [
      [SIGNATURES.png(), 'image/png'],
      [SIGNATURES.jpeg(), 'image/jpeg'],
    ] as const) {
      const response = await s.upload(link.code, content);
      expect(response.statusCode, response.body).toBe(200);
      const [file] = response.json().data;
      expect(file).toMatchObject({ name: 'signature.png', type, size: content.length });
      const served = await s.client.get(file.url);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(content)).toBe(true);
    }
    const stored = await t.ctx.db
      .selectFrom('files')
      .selectAll()
      .where('purpose', '=', 'signature')
      .execute();
    expect(stored).toHaveLength(2);
    expect(stored[0]?.customer_id).toBe(customer);
  });

  it('refuses a program or a PDF renamed to .png with 415', async () => {
    for (const content of [SAMPLE_FILES.exe, SAMPLE_FILES.pdf]) {
      const response = await s.upload(link.code, content, 'signature.png', 'image/png');
      expect(response.statusCode).toBe(415);
      expect(response.json().msg).toBe('文件类型不支持');
    }
  });

  it('refuses an image without ink with 400, transparent or white, PNG or JPEG', async () => {
    for (const content of [SIGNATURES.blankPng(), SIGNATURES.whitePng(), SIGNATURES.blankJpeg()]) {
      const response = await s.upload(link.code, content);
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe('签名为空，请在灰色区域内签字');
    }
    expect(
      await t.ctx.db.selectFrom('files').select('id').where('purpose', '=', 'signature').execute(),
    ).toEqual([]);
  });

  it('refuses a file over 2 MB with 413', async () => {
    const big = Buffer.concat([SIGNATURES.png(), Buffer.alloc(2 * 1024 * 1024)]);
    const response = await s.upload(link.code, big);
    expect(response.statusCode).toBe(413);
    expect(response.json().msg).toBe('文件不能超过 2 MB');
  });

  it('refuses an image claiming too many pixels, and a broken one, with 400', async () => {
    const huge = Buffer.from(SIGNATURES.png());
    huge.writeUInt32BE(5000, 16);
    huge.writeUInt32BE(5000, 20);
    const tooMany = await s.upload(link.code, huge);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toBe('图片尺寸过大');

    const broken = Buffer.concat([SIGNATURES.png().subarray(0, 60), Buffer.alloc(40, 7)]);
    const unreadable = await s.upload(link.code, broken);
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().msg).toBe('签名图片无法识别，请重新签字');
  });

  it('asks for the code and the file, and refuses a body that is not multipart', async () => {
    expect((await s.upload(undefined, SIGNATURES.png())).statusCode).toBe(400);
    const noFile = await s.client.request({
      method: 'POST',
      url: '/api/kxt/upload',
      csrf: false,
      ...(await import('../../test/multipart.ts')).multipart([{ name: 'code', content: link.code }]),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().msg).toBe('请选择要上传的文件');
    const json = await s.client.request({
      method: 'POST',
      url: '/api/kxt/upload',
      payload: { code: link.code },
      csrf: false,
    });
    expect(json.statusCode).toBe(415);
    expect((await s.upload('unknown-code', SIGNATURES.png())).statusCode).toBe(404);
    // A code holding a NUL never reaches the database (PostgreSQL refuses it in text: a 500 before).
    const nul = await s.upload(`${link.code}\u0000`, SIGNATURES.png());
    expect(nul.statusCode).toBe(400);
    expect(nul.json().fields).toEqual({ code: '必填' });
  });
});

describe('rate limits of the public calls', () => {
  it('caps requests per link code', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await s.getInfo(link.code)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const limited = await s.getInfo(link.code);
    expect(limited.json()).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试' });
    // Another link is counted on its own.
    const other = await createAgreement(admin, customer);
    expect((await s.getInfo(other.code)).statusCode).toBe(200);
  });

  it('caps requests per client address, whatever the codes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await s.getInfo(`guess-${i}`)).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
