import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const e2e = useE2E();

/** An office delivery arriving: `npm run cli -- trademark import` on the running server's database. */
async function deliver(records: object[]) {
  const dir = await mkdtemp(path.join(tmpdir(), 'kxt-e2e-watch-'));
  const file = path.join(dir, 'delivery.jsonl');
  await writeFile(file, `${records.map((record) => JSON.stringify(record)).join('\n')}\n`);
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/main.ts', 'trademark', 'import', file],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: e2e.server.dataDir, LOG_LEVEL: 'silent' } },
  );
}

/** Approves the pay dialog's QR link on the sandbox page in a second tab, as the payer's phone would. */
async function approveOnSandbox(context: BrowserContext, page: Page) {
  const holder = page.locator('[data-pay-link]');
  await holder.waitFor();
  const payer = await context.newPage();
  await payer.goto((await holder.getAttribute('data-pay-link')) as string);
  await payer.getByRole('button', { name: '确认支付' }).click();
  await payer.getByText('支付成功，可以关闭此页面。').waitFor();
  await payer.close();
}

const watchRow = (page: Page, text: string) =>
  page.locator('.ant-table-row').filter({ hasText: text }).first();

describe('trademark watch', () => {
  it('a customer starts a watch, pays for it, and reads the conflicting mark a delivery brings', async () => {
    const page = await e2e.logIn('/trademark/watches', 'customer1');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The demo's trial watch already found marks.
    await watchRow(page, 'STARLUME').getByText('试用中').waitFor();

    // A new watch: the company's trial is used, so it waits for payment.
    await page.getByRole('button', { name: '新建监控' }).click();
    const form = page.locator('.ant-modal').filter({ hasText: '开始监控' });
    await form.getByLabel('监控的商标').fill('GLIMMERVALE');
    await form.getByLabel('监控的国家/地区').fill('美国');
    await page.keyboard.press('Enter');
    await form.getByRole('button', { name: '开始监控' }).click();
    await page.getByText('监控已创建，付款后生效').waitFor();
    const row = watchRow(page, 'GLIMMERVALE');
    await row.getByText('待付款').waitFor();

    // Paid by scanning the sandbox QR code: the watch runs for a year.
    await row.getByRole('button', { name: '付款开通（一年）' }).click();
    await approveOnSandbox(page.context(), page);
    await page.locator('.ant-modal').getByText('支付成功').first().waitFor();
    await row.getByText('监控中').waitFor({ timeout: 15_000 });

    // An office publishes a conflicting filing in the US.
    await deliver([
      {
        name: 'GLIMMERVAIL',
        applicationNumber: 'E2E-WATCH-1',
        applicationDate: '2026-11-20',
        registrationDate: null,
        niceClass: [9],
        owner: 'Rival Imports LLC',
        dataset: 'US',
        status: 'filed',
        goodsAndServices: { '9': 'Mobile apps' },
        goodsAndServicesTranslation: null,
        attorney: null,
        imageUrl: null,
      },
    ]);
    await page.reload();
    await watchRow(page, 'GLIMMERVALE').getByRole('button', { name: '查看命中' }).click();
    const hit = page.locator('.ant-table-row').filter({ hasText: 'GLIMMERVAIL' });
    await hit.getByText('Rival Imports LLC').waitFor();
    await hit.getByText(/相似度 \d+%/).waitFor();
    // Asked the consultant: the hit says so.
    await hit.getByRole('button', { name: '咨询顾问' }).click();
    await hit.getByText('已咨询顾问').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
