import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VERIFY_API, VERIFY_MAX_BYTES } from '@kxt/contracts/seal';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app.ts';
import {
  createAgreement,
  createTemplate,
  customerId,
  signThroughLink,
  TEST_SIGNER,
} from '../test-fixtures.ts';
import { sealPdf } from './seal-pdf.ts';
import { byteRangeOf, hasPdfsig, pdfsig, testSealInput } from './test-helpers.ts';
import { maskName } from './verify.ts';

let t: TestApp;
let admin: TestClient;
let agreementId: number;
let sealed: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loggedIn('admin1', 'admin');
  await createTemplate(admin, '知识产权服务协议', 2);
  const link = await createAgreement(admin, await customerId(t, '深圳市核验测试有限公司'));
  agreementId = link.id;
  sealed = await signThroughLink(t, admin, link.code);
});
afterAll(() => t.close());

/** Anyone, without a login or a CSRF token. */
const check = (content: Uint8Array, filename = 'agreement.pdf', contentType = 'application/pdf') =>
  t.client().request({
    method: 'POST',
    url: VERIFY_API,
    csrf: false,
    ...multipart([{ name: 'file', filename, contentType, content }]),
  });

describe('POST /api/public/verify', () => {
  it('says a sealed agreement is intact and names only its no, name and signing time', async () => {
    const response = await check(sealed);
    expect(response.statusCode, response.body).toBe(200);
    const row = await t.ctx.db
      .selectFrom('agreements')
      .select(['signed_at', 'sealed_content_sha256'])
      .where('id', '=', agreementId)
      .executeTakeFirstOrThrow();
    expect(row.sealed_content_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(response.json().data).toEqual({
      status: 'intact',
      agreement: {
        no: String(agreementId),
        name: '知识产权服务协议',
        nameEn: 'Intellectual property service agreement',
      },
      // The signer checked by SMS code, masked: 李娜 → 李*.
      signerName: maskName(TEST_SIGNER.signerName),
      signedAt: row.signed_at,
    });
    expect(response.body).not.toContain('深圳市核验测试有限公司');
  });

  it.skipIf(!hasPdfsig)(
    'hands out a signed agreement whose seal poppler reports valid (needs pdfsig)',
    async () => {
      const file = path.join(t.ctx.config.dataDir, 'signed-agreement.pdf');
      await writeFile(file, sealed);
      const report = pdfsig(file);
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    },
  );

  it('says tampered when one byte of the signed range changes', async () => {
    const [, firstEnd] = byteRangeOf(sealed);
    const tampered = Buffer.from(sealed);
    tampered[Math.floor(firstEnd / 2)] = (tampered[Math.floor(firstEnd / 2)] ?? 0) ^ 0x01;
    const response = await check(tampered);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ status: 'tampered', reason: 'signatureInvalid' });
  });

  it('says tampered when something was added after the seal (an incremental update)', async () => {
    const appended = Buffer.concat([sealed, Buffer.from('\n1 0 obj\n<< /Changed true >>\nendobj\n%%EOF\n')]);
    expect((await check(appended)).json().data).toEqual({
      status: 'tampered',
      reason: 'changedAfterSealing',
    });
  });

  it('says unknown for a validly signed PDF this platform did not seal', async () => {
    const other = await PDFDocument.create();
    other.addPage([200, 200]);
    const { bytes } = await sealPdf(other, testSealInput(), new Date());
    expect((await check(bytes)).json().data).toEqual({ status: 'unknown' });
  });

  it('says unsigned for a PDF without a digital signature', async () => {
    const plain = await PDFDocument.create();
    plain.addPage([200, 200]);
    expect((await check(await plain.save())).json().data).toEqual({ status: 'unsigned' });
  });

  it('refuses a file that is not a PDF with 415, a missing file with 400 and an oversized one with 413', async () => {
    const png = await check(Buffer.from('\x89PNG\r\n\x1a\n0000'), 'agreement.png', 'image/png');
    expect(png.statusCode).toBe(415);
    expect(png.json().msg).toBe('该文件不是 PDF，请上传平台生成的已签署协议 PDF');
    expect((await check(Buffer.alloc(0))).statusCode).toBe(415);

    const missing = await t.client().request({
      method: 'POST',
      url: VERIFY_API,
      csrf: false,
      ...multipart([{ name: 'other', content: 'x' }]),
    });
    expect(missing.statusCode).toBe(400);

    const large = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(VERIFY_MAX_BYTES + 1, 0x20)]);
    const tooLarge = await check(large);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().msg).toBe('文件过大，最大 20 MB');
  });
});

describe('the check rate', () => {
  it('answers 429 after ten checks a minute from one address', async () => {
    const own = await createTestApp();
    try {
      const send = () =>
        own.client().request({
          method: 'POST',
          url: VERIFY_API,
          csrf: false,
          ...multipart([
            { name: 'file', filename: 'a.txt', contentType: 'text/plain', content: 'not a pdf' },
          ]),
        });
      for (let index = 0; index < 10; index += 1) expect((await send()).statusCode).toBe(415);
      expect((await send()).statusCode).toBe(429);
    } finally {
      await own.close();
    }
  });
});

describe('maskName', () => {
  it('keeps the first character only', () => {
    expect(maskName('张三')).toBe('张*');
    expect(maskName('欧阳娜娜')).toBe('欧***');
    expect(maskName('Li Lei')).toBe('L*****');
    expect(maskName('王')).toBe('王*');
  });
});
