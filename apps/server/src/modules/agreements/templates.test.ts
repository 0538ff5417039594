import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { multipart } from '../../test/multipart.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { decodeImage } from './images.ts';
import { BLANK, fillMergeFields, unknownMergeField } from './merge-fields.ts';
import { createAgreement, customerId, pagePng, signer } from './test-fixtures.ts';

let t: TestApp;
let admin: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loggedIn('admin1', 'admin');
});
afterEach(async () => {
  await t.close();
});

/** A real two-page A4 PDF, made in memory: a dark band on page 1 tells the pages apart once rendered. */
async function samplePdf(pages = 2): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index += 1) {
    const page = pdf.addPage([595.28, 841.89]);
    page.drawText(`Service agreement page ${index + 1}`, { x: 60, y: 760, size: 18, font });
    if (index === 0) page.drawRectangle({ x: 0, y: 0, width: 595.28, height: 200 });
  }
  return Buffer.from(await pdf.save());
}

async function uploadSource(content: Buffer, filename = 'agreement.pdf') {
  return admin.request({
    method: 'POST',
    url: '/api/files?purpose=agreement-source',
    ...multipart([{ name: 'file', filename, content }]),
  });
}

const readFile = async (url: string) => (await admin.get(url)).rawPayload;

describe('merge fields', () => {
  it('fills known fields, leaves a blank for missing ones, and names an unknown one', () => {
    const text = '乙方：{{customerName}}，费用 {{ price }} 元，服务 {{serviceName}}';
    expect(fillMergeFields(text, { customerName: '星辰公司', price: '6,800.00' })).toBe(
      `乙方：星辰公司，费用 6,800.00 元，服务 ${BLANK}`,
    );
    expect(fillMergeFields(text, null)).toBe(text);
    expect(unknownMergeField(text)).toBeNull();
    expect(unknownMergeField('{{customerName}} {{bankAccount}}')).toBe('bankAccount');
  });
});

describe('PDF templates', () => {
  it('renders every page of an uploaded PDF to a page image', async () => {
    const upload = await uploadSource(await samplePdf(2));
    expect(upload.statusCode).toBe(200);
    const pdfFileId = upload.json().data[0].id;
    const response = await admin.post('/api/admin/agreement-templates', {
      agreementName: 'VAT服务协议',
      pdfFileId,
    });
    expect(response.statusCode, response.body).toBe(200);
    const template = response.json().data;
    expect(template).toMatchObject({ kind: 'pdf', version: 1 });
    expect(template.pages).toHaveLength(2);
    const [first, second] = template.pages;
    expect(first.width).toBe(1240);
    expect(Math.abs(first.height / first.width - 841.89 / 595.28)).toBeLessThan(0.01);
    // Page 1's dark band is at its bottom; page 2 is white there.
    const bottomShade = async (url: string) => {
      const bitmap = decodeImage(await readFile(url), 'image/jpeg', 40_000_000);
      const offset = ((bitmap.height - 20) * bitmap.width + bitmap.width / 2) * 4;
      return bitmap.data[offset] as number;
    };
    expect(await bottomShade(first.url)).toBeLessThan(60);
    expect(await bottomShade(second.url)).toBeGreaterThan(200);
  }, 120_000);

  it('refuses a file that is not a PDF, a broken PDF and another purpose’s file with 4xx, creating nothing', async () => {
    expect((await uploadSource(pagePng(), 'fake.pdf')).statusCode).toBe(415);
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x41)]);
    const brokenUpload = await uploadSource(broken);
    expect(brokenUpload.statusCode).toBe(200);
    const refused = await admin.post('/api/admin/agreement-templates', {
      agreementName: 'VAT服务协议',
      pdfFileId: brokenUpload.json().data[0].id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('PDF 文件无法读取或已加密，请上传可以正常打开的 PDF');
    const image = await admin.request({
      method: 'POST',
      url: '/api/files?purpose=agreement-page',
      ...multipart([{ name: 'file', filename: 'p.png', content: pagePng() }]),
    });
    const wrongPurpose = await admin.post('/api/admin/agreement-templates', {
      agreementName: 'VAT服务协议',
      pdfFileId: image.json().data[0].id,
    });
    expect(wrongPurpose.statusCode).toBe(400);
    expect(wrongPurpose.json().fields).toEqual({ pdfFileId: '协议文件必须是以协议文件用途上传的 PDF' });
    const two = await admin.post('/api/admin/agreement-templates', {
      agreementName: 'VAT服务协议',
      pdfFileId: image.json().data[0].id,
      title: 'x',
      body: 'y',
    });
    expect(two.statusCode).toBe(400);
    expect((await admin.get('/api/admin/agreement-templates')).json().data).toEqual([]);
  }, 120_000);
});

describe('text templates', () => {
  it('renders the pages per agreement with its merge values; an agreement keeps its version', async () => {
    const body = '# 第一条 服务内容\n乙方 {{customerName}} 委托甲方办理 {{serviceName}}，费用 {{price}} 元。';
    const created = await admin.post('/api/admin/agreement-templates', {
      agreementName: '知识产权服务协议',
      title: '知识产权服务协议',
      body,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ kind: 'text', version: 1, title: '知识产权服务协议', body });
    const customer = await customerId(t, '深圳市合并字段有限公司');
    const agreement = await createAgreement(admin, customer);
    const row = await t.ctx.db
      .selectFrom('agreements')
      .select(['merge_values', 'template_id'])
      .where('id', '=', agreement.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.merge_values ?? '{}')).toMatchObject({
      customerName: '深圳市合并字段有限公司',
      signerName: '李娜',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    // The template has no pages of its own; the agreement's are rendered with its values.
    expect(created.json().data.pages).toEqual([]);
    const info = (await signer(t).getInfo(agreement.code)).json().data;
    expect(info.pages).toHaveLength(1);
    const fileId = /file\/([0-9a-f-]{36})/.exec(info.pages[0])?.[1];
    const page = decodeImage(await readFile(`/api/files/${fileId}`), 'image/jpeg', 40_000_000);
    expect(page.width).toBe(1240);

    // A new version changes nothing for the agreement already sent.
    const second = await admin.post('/api/admin/agreement-templates', {
      agreementName: '知识产权服务协议',
      title: '知识产权服务协议（2027 版）',
      body: `${body}\n\n# 第二条 新增条款\n新增内容。`,
    });
    expect(second.json().data.version).toBe(2);
    const detail = (await admin.get(`/api/admin/agreements/${agreement.id}`)).json().data;
    expect(detail).toMatchObject({ templateVersion: 1, templateId: row.template_id });
    expect((await signer(t).getInfo(agreement.code)).json().data.pages).toEqual(info.pages);
  }, 180_000);

  it('refuses an unknown merge field and a text without a title', async () => {
    const unknown = await admin.post('/api/admin/agreement-templates', {
      agreementName: '知识产权服务协议',
      title: '协议',
      body: '开户行：{{bankAccount}}',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toContain('bankAccount');
    const untitled = await admin.post('/api/admin/agreement-templates', {
      agreementName: '知识产权服务协议',
      body: '正文',
    });
    expect(untitled.statusCode).toBe(400);
    expect(Object.keys(untitled.json().fields)).toContain('title');
  });
});
