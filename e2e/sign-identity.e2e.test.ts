import { describe, expect, it } from 'vitest';
import { loggedInContext } from './budget.ts';
import { useE2E } from './harness.ts';
import { sandboxCode } from './sign-identity.ts';
import { stroke, waitForPadInPlace } from './sign-pad.ts';

const e2e = useE2E();

async function demoLink(state: string): Promise<string> {
  const pattern = new RegExp(`^\\s+${state}\\s+\\S+?(/sign\\?code=\\S+)$`, 'm');
  await expect.poll(() => pattern.test(e2e.server.output()), { timeout: 20_000 }).toBe(true);
  return `${e2e.server.baseUrl}${pattern.exec(e2e.server.output())?.[1]}`;
}

const phone = (locale: string) =>
  e2e.browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale,
  });

describe('the signer identity check on a phone', () => {
  it('signs a demo agreement through the SMS sandbox: code, consent, pad, done', async () => {
    const link = await demoLink('read');
    const context = await phone('zh-CN');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(link);
    await page.getByRole('img', { name: '协议第 1 页' }).waitFor();

    // The pad cannot be reached around the check: the server refuses a signature before it.
    const early = await page.evaluate(async (code) => {
      const form = new FormData();
      form.append('code', code);
      form.append(
        'file',
        new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
        'signature.png',
      );
      return (await fetch('/api/kxt/upload', { method: 'POST', body: form })).status;
    }, new URL(link).searchParams.get('code') ?? '');
    expect(early).toBe(403);

    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check({ force: true }); // antd-mobile's input is visually hidden; its label is the box
    await page.getByRole('button', { name: '确认签署' }).click();
    // A wrong code is refused with the attempts left, in the page's language.
    await page.getByRole('button', { name: '获取验证码' }).click();
    const right = await sandboxCode(e2e.browser, e2e.server.baseUrl);
    await page.getByPlaceholder('请输入 6 位验证码').fill(right === '000000' ? '000001' : '000000');
    await page.getByRole('checkbox', { name: /电子签名/ }).check({ force: true }); // antd-mobile's input is visually hidden; its label is the box
    await page.getByRole('button', { name: '验证并签署' }).click();
    await page.getByRole('alert').getByText('验证码不正确，还可以再试 4 次').waitFor();
    await page.getByPlaceholder('请输入 6 位验证码').fill(right);
    await page.getByRole('button', { name: '验证并签署' }).click();

    await page.locator('canvas.sign-pad__canvas').waitFor();
    await waitForPadInPlace(page);
    await stroke(page, [
      [0.1, 0.5],
      [0.3, 0.3],
      [0.6, 0.6],
      [0.9, 0.4],
    ]);
    const upload = page.waitForResponse((response) => response.url().endsWith('/api/kxt/upload'));
    await page.getByRole('button', { name: '提交' }).click();
    expect((await upload).status()).toBe(200);
    await page.getByText('协议已签署').waitFor();
    expect(errors).toEqual([]);
    await context.close();

    // The back office shows the identity check in the trail.
    const admin = await loggedInContext(e2e.browser, e2e.server.baseUrl, 'admin');
    const code = new URL(link).searchParams.get('code');
    const list = await (
      await admin.request.get(`${e2e.server.baseUrl}/api/admin/agreements?status=2&pageSize=100`)
    ).json();
    const row = list.rows.find((candidate: { url: string }) => candidate.url.endsWith(`code=${code}`));
    const detail = (
      await (await admin.request.get(`${e2e.server.baseUrl}/api/admin/agreements/${row.id}`)).json()
    ).data;
    expect(detail.identity).toMatchObject({ failures: 0, consentVersion: 'v1' });
    expect(detail.identity.confirmedAt).toBeTruthy();
    expect(detail.audit.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['agreement.codeSent', 'agreement.codeWrong', 'agreement.identityConfirmed']),
    );
    await admin.close();
  });
});
