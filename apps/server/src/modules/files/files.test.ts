import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { multipart, SAMPLE_FILES } from '../../test/multipart.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
let owner: TestClient;
beforeEach(async () => {
  t = await createTestApp();
  owner = await t.loggedIn('owner', 'customer', 'Owner Co');
});
afterEach(async () => {
  await t.close();
});

const upload = (client: TestClient, purpose: string, file: Parameters<typeof multipart>[0][number]) =>
  client.request({ method: 'POST', url: `/api/files?purpose=${purpose}`, ...multipart([file]) });

async function nothingKept() {
  const rows = await t.ctx.db.selectFrom('files').select('id').execute();
  const stored = await readdir(path.join(t.ctx.config.dataDir, 'files'), { recursive: true }).catch(() => []);
  const storedFiles = stored.filter((name) => /[0-9a-f-]{36}$/.test(name));
  return rows.length === 0 && storedFiles.length === 0;
}

describe('file upload', () => {
  it('keeps an allowed file with its detected type, size and sha256, and answers the spec upload shape', async () => {
    const response = await upload(owner, 'document', {
      name: 'file',
      filename: '受理回执.pdf',
      content: SAMPLE_FILES.pdf,
    });
    expect(response.statusCode).toBe(200);
    const [file] = response.json().data;
    expect(file).toMatchObject({
      name: '受理回执.pdf',
      type: 'application/pdf',
      size: SAMPLE_FILES.pdf.length,
      sha256: createHash('sha256').update(SAMPLE_FILES.pdf).digest('hex'),
    });
    expect(file.url).toBe(`/api/files/${file.id}`);

    const download = await owner.get(file.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
  });

  it('refuses a program renamed to .pdf with 415 and keeps nothing', async () => {
    const response = await upload(owner, 'document', {
      name: 'file',
      filename: 'invoice.pdf',
      contentType: 'application/pdf',
      content: SAMPLE_FILES.exe,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ code: 415, msg: '文件类型不支持' });
    expect(await nothingKept()).toBe(true);
  });

  it('refuses a PNG where only PDFs are allowed', async () => {
    const response = await upload(owner, 'document', {
      name: 'file',
      filename: 'scan.pdf',
      content: SAMPLE_FILES.png,
    });
    expect(response.statusCode).toBe(415);
  });

  it('refuses an empty file with 400', async () => {
    const response = await upload(owner, 'document', {
      name: 'file',
      filename: 'empty.pdf',
      content: Buffer.alloc(0),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('文件内容为空');
    expect(await nothingKept()).toBe(true);
  });

  it('refuses a file over the purpose limit with 413 and keeps nothing', async () => {
    const big = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(5121 * 1024)]);
    const response = await upload(owner, 'reply-package', {
      name: 'file',
      filename: 'reply.zip',
      content: big,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().msg).toContain('5 MB');
    expect(await nothingKept()).toBe(true);
  });

  it('asks for a file when the multipart body has none', async () => {
    const response = await owner.request({
      method: 'POST',
      url: '/api/files?purpose=document',
      ...multipart([{ name: 'note', content: 'hello' }]),
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a second file in one upload rather than keeping only the first', async () => {
    const response = await owner.request({
      method: 'POST',
      url: '/api/files?purpose=document',
      ...multipart([
        { name: 'file', filename: 'a.pdf', content: SAMPLE_FILES.pdf },
        { name: 'file', filename: 'b.pdf', content: SAMPLE_FILES.pdf },
      ]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('一次只能上传一个文件');
    expect(await nothingKept()).toBe(true);
  });

  it('keeps a file name without the direction controls that would disguise its extension', async () => {
    const response = await upload(owner, 'document', {
      name: 'file',
      filename: 'invoice\u202Efdp.exe\u2066.pdf',
      content: SAMPLE_FILES.pdf,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data[0].name).toBe('invoicefdp.exe.pdf');
  });

  it('refuses an upload whose declared size is over the limit before reading it', async () => {
    const body = multipart([{ name: 'file', filename: 'a.pdf', content: SAMPLE_FILES.pdf }]);
    const response = await owner.request({
      method: 'POST',
      url: '/api/files?purpose=document',
      ...body,
      headers: { ...body.headers, 'content-length': '1000000000000' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().msg).toMatch(/^请求内容过大/);
    expect(await nothingKept()).toBe(true);
  });

  it('refuses a body that is not multipart with 415', async () => {
    const response = await owner.post('/api/files?purpose=document', { file: 'not a file' });
    expect(response.statusCode).toBe(415);
  });

  it('refuses an unknown purpose with 400 naming it', async () => {
    const response = await upload(owner, 'anything', {
      name: 'file',
      filename: 'a.pdf',
      content: SAMPLE_FILES.pdf,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty(['query.purpose']);
  });

  it('keeps staff-only purposes for staff', async () => {
    const response = await upload(owner, 'agreement-page', {
      name: 'file',
      filename: 'p1.png',
      content: SAMPLE_FILES.png,
    });
    expect(response.statusCode).toBe(403);
    const staff = await t.loggedIn('staffer', 'admin');
    expect(
      (await upload(staff, 'agreement-page', { name: 'file', filename: 'p1.png', content: SAMPLE_FILES.png }))
        .statusCode,
    ).toBe(200);
  });

  it('needs a login', async () => {
    const response = await upload(t.client(), 'document', {
      name: 'file',
      filename: 'a.pdf',
      content: SAMPLE_FILES.pdf,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('file download', () => {
  async function ownerFileUrl() {
    const response = await upload(owner, 'document', {
      name: 'file',
      filename: 'a.pdf',
      content: SAMPLE_FILES.pdf,
    });
    return response.json().data[0].url as string;
  }

  it('is allowed to a colleague of the same company and to staff', async () => {
    const url = await ownerFileUrl();
    const colleague = await t.loggedIn('colleague', 'customer', 'Owner Co');
    const reviewer = await t.loggedIn('reviewer1', 'reviewer');
    expect((await colleague.get(url)).statusCode).toBe(200);
    expect((await reviewer.get(url)).statusCode).toBe(200);
  });

  it("answers another customer's file with 404, as if it did not exist", async () => {
    const url = await ownerFileUrl();
    const stranger = await t.loggedIn('stranger', 'customer', 'Other Co');
    const response = await stranger.get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('%PDF');
  });

  it('answers an unknown or malformed id with 404 or 400', async () => {
    expect((await owner.get('/api/files/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await owner.get('/api/files/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(400);
  });

  it('offers the file as an attachment on request', async () => {
    const url = await ownerFileUrl();
    const response = await owner.get(`${url}?download=1`);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''a\.pdf$/);
  });
});
