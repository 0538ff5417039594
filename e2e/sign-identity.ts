import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { loggedInContext } from './budget.ts';

/** The demo signer's mobile (apps/server/src/modules/agreements/demo.ts). */
export const DEMO_SIGNER_MOBILE = '13800138000';

/** The newest signing code the SMS sandbox holds for a number, read as an admin from the sent-messages list. */
export async function sandboxCode(browser: Browser, baseUrl: string, mobile = DEMO_SIGNER_MOBILE) {
  const admin = await loggedInContext(browser, baseUrl, 'admin');
  try {
    let code: string | undefined;
    await expect
      .poll(
        async () => {
          const answer = await admin.request.get(
            `${baseUrl}/api/admin/notifications/deliveries?channel=sms&pageSize=20`,
          );
          const { rows } = (await answer.json()) as {
            rows: { recipient: string; type: string; text: string }[];
          };
          const message = rows.find((row) => row.recipient === mobile && row.type === 'agreement.signCode');
          code = message ? /\d{6}/.exec(message.text)?.[0] : undefined;
          return code;
        },
        { timeout: 15_000 },
      )
      .toMatch(/^\d{6}$/);
    return code as string;
  } finally {
    await admin.close();
  }
}

/**
 * The identity step a signer meets before the pad (Chinese page): 获取验证码, the code from the sandbox, the consent
 * ticked, 验证并签署.
 */
export async function confirmIdentityOnPage(page: Page, browser: Browser, baseUrl: string) {
  await page.getByText('验证签署人身份').waitFor();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByText(/验证码已发送至 138\*\*\*\*8000/).waitFor();
  await page.getByPlaceholder('请输入 6 位验证码').fill(await sandboxCode(browser, baseUrl));
  await page.getByRole('checkbox', { name: /电子签名/ }).check({ force: true }); // antd-mobile's input is visually hidden; its label is the box
  await page.getByRole('button', { name: '验证并签署' }).click();
}
