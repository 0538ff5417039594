import jpeg from 'jpeg-js';
import { multipart } from '../../test/multipart.ts';
import type { TestApp, TestClient } from '../../test/test-app.ts';
import { type Bitmap, encodeImage } from './images.ts';

/** Test images drawn in memory: every byte and pixel is known. */
export function bitmap(width: number, height: number, fill: [number, number, number, number]): Bitmap {
  const data = new Uint8Array(width * height * 4);
  for (let offset = 0; offset < data.length; offset += 4) data.set(fill, offset);
  return { width, height, data };
}

export function drawLine(image: Bitmap, from: [number, number], to: [number, number], thickness = 4) {
  const steps = Math.max(Math.abs(to[0] - from[0]), Math.abs(to[1] - from[1]));
  for (let step = 0; step <= steps; step += 1) {
    const cx = Math.round(from[0] + ((to[0] - from[0]) * step) / steps);
    const cy = Math.round(from[1] + ((to[1] - from[1]) * step) / steps);
    for (let y = cy - thickness / 2; y < cy + thickness / 2; y += 1) {
      for (let x = cx - thickness / 2; x < cx + thickness / 2; x += 1) {
        if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
        image.data.set([51, 51, 51, 255], (y * image.width + x) * 4);
      }
    }
  }
  return image;
}

export const SIGNATURES = {
  /** What the pad exports: transparent, with strokes. */
  png: () =>
    Buffer.from(encodeImage(drawLine(bitmap(300, 120, [0, 0, 0, 0]), [20, 90], [280, 30]), 'image/png')),
  jpeg: () =>
    Buffer.from(
      jpeg.encode({ ...drawLine(bitmap(300, 120, [255, 255, 255, 255]), [20, 30], [280, 90]) }, 90).data,
    ),
  blankPng: () => Buffer.from(encodeImage(bitmap(300, 120, [0, 0, 0, 0]), 'image/png')),
  whitePng: () => Buffer.from(encodeImage(bitmap(300, 120, [255, 255, 255, 255]), 'image/png')),
  blankJpeg: () => Buffer.from(jpeg.encode(bitmap(300, 120, [255, 255, 255, 255]), 90).data),
};

/** A plain page image for templates. */
export const pagePng = (shade = 255) =>
  Buffer.from(encodeImage(bitmap(200, 283, [shade, shade, shade, 255]), 'image/png'));

export async function uploadPage(admin: TestClient, content = pagePng(), filename = 'page.png') {
  const response = await admin.request({
    method: 'POST',
    url: '/api/files?purpose=agreement-page',
    ...multipart([{ name: 'file', filename, content }]),
  });
  if (response.statusCode !== 200) throw new Error(`page upload failed: ${response.body}`);
  return response.json().data[0].id as string;
}

export async function createTemplate(admin: TestClient, agreementName = '知识产权服务协议', pages = 2) {
  const pageFileIds: string[] = [];
  for (let page = 0; page < pages; page += 1) pageFileIds.push(await uploadPage(admin, pagePng(255 - page)));
  const response = await admin.post('/api/admin/agreement-templates', { agreementName, pageFileIds });
  if (response.statusCode !== 200) throw new Error(`template failed: ${response.body}`);
  return response.json().data as { id: number; version: number; pages: { fileId: string }[] };
}

export async function customerId(t: TestApp, companyName = 'Signer Co') {
  const userId = await t.user(`u${Math.random().toString(36).slice(2, 10)}`, 'customer', companyName);
  const row = await t.ctx.db
    .selectFrom('users')
    .select('customer_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.customer_id as number;
}

export async function createAgreement(
  staff: TestClient,
  customer: number,
  agreementName = '知识产权服务协议',
): Promise<{ id: number; code: string; url: string; expiresAt: string }> {
  const response = await staff.post('/api/admin/agreements', {
    customerId: customer,
    agreementName,
    ...TEST_SIGNER,
  });
  if (response.statusCode !== 200) throw new Error(`agreement failed: ${response.body}`);
  return response.json().data;
}

export const TEST_SIGNER = { signerName: '李娜', signerMobile: '13912345678' };

/** The code last sent for an agreement, as the SMS sandbox's message shows it. */
export async function lastSentCode(t: TestApp, agreementId: number): Promise<string> {
  const job = await t.ctx.db
    .selectFrom('outbox_jobs')
    .select('payload')
    .where('key', 'like', `sign-code:${agreementId}:%`)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /\d{6}/.exec((JSON.parse(job.payload) as { text: string }).text)?.[0];
  if (!code) throw new Error('no code in the message');
  return code;
}

/** Sends a code and confirms it with consent, as the page does before the pad opens. */
export async function confirmIdentity(t: TestApp, agreement: { id: number; code: string }) {
  const s = signer(t);
  const sent = await s.sendCode(agreement.code);
  if (sent.statusCode !== 200) throw new Error(`send code failed: ${sent.body}`);
  const verified = await s.verifyCode(agreement.code, await lastSentCode(t, agreement.id));
  if (verified.statusCode !== 200) throw new Error(`verify code failed: ${verified.body}`);
}

/** The signer: no login, no CSRF token, like a phone opening the link. */
export function signer(t: TestApp) {
  const client = t.client();
  const post = (url: string, payload: unknown) =>
    client.request({ method: 'POST', url, payload: payload as object, csrf: false });
  return {
    client,
    getInfo: (code: string) => post('/api/kxt/getInfo', { code }),
    confirm: (body: Record<string, unknown>) => post('/api/kxt/confirm', body),
    sendCode: (code: string) => post('/api/kxt/sendCode', { code }),
    verifyCode: (code: string, otp: string, extra: Record<string, unknown> = {}) =>
      post('/api/kxt/verifyCode', {
        code,
        otp,
        consent: true,
        consentVersion: 'v1',
        language: 'zh-CN',
        ...extra,
      }),
    upload: (
      code: string | undefined,
      content: Uint8Array,
      filename = 'signature.png',
      contentType = 'image/png',
    ) =>
      client.request({
        method: 'POST',
        url: '/api/kxt/upload',
        csrf: false,
        ...multipart([
          ...(code === undefined ? [] : [{ name: 'code', content: code }]),
          { name: 'file', filename, contentType, content },
        ]),
      }),
  };
}

/**
 * Opens, reads, confirms the signer's code and signs an agreement through its link, as the signing page does; returns
 * the signed PDF's bytes.
 */
export async function signThroughLink(t: TestApp, staff: TestClient, code: string): Promise<Buffer> {
  const row = await t.ctx.db
    .selectFrom('agreements')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  const s = signer(t);
  await s.getInfo(code);
  await s.confirm({ code, status: 1 });
  await confirmIdentity(t, { id: row.id, code });
  const upload = await s.upload(code, SIGNATURES.png());
  if (upload.statusCode !== 200) throw new Error(`signature upload failed: ${upload.body}`);
  const signed = await s.confirm({ code, status: 2, url: upload.json().data[0].url });
  if (signed.statusCode !== 200) throw new Error(`signing failed: ${signed.body}`);
  const detail = (await staff.get(`/api/admin/agreements/${row.id}`)).json().data;
  return (await staff.get(detail.signedPdfUrl)).rawPayload;
}
