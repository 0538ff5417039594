import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PatentQueueRow } from '@kxt/contracts/patent-queue';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E, type Viewport } from './harness.ts';

const e2e = useE2E();

/** Where screenshots go when asked for (`REVIEWER_QUEUE_SHOTS=<folder>`); none otherwise. */
const SHOTS = process.env.REVIEWER_QUEUE_SHOTS;
const QUEUE = '/api/admin/patents/queue';
const LABELS = {
  'zh-CN': {
    queueTab: '待处理',
    view: /^查\s?看$/,
    materialsTab: '提交的资料',
    replyReview: '审核客户上传的答复包，通过或驳回',
    waitingOnMe: '待我处理',
  },
  'en-US': {
    queueTab: 'To do',
    view: /^View$/,
    materialsTab: 'Submitted materials',
    replyReview: "Review the customer's reply package: approve or reject",
    waitingOnMe: 'Waiting on me',
  },
} as const;
type Language = keyof typeof LABELS;

const logIn = (language: Language, viewport: Viewport) =>
  e2e.logIn('/admin', 'reviewer', { language, viewport });

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Most urgent first: rows with an outstanding reply deadline, nearest first; then the longest waiting. */
function urgencyOrdered(rows: PatentQueueRow[]): boolean {
  return rows.every((row, index) => {
    const next = rows[index + 1];
    if (!next) return true;
    if (row.replyDeadline && next.replyDeadline) return row.replyDeadline <= next.replyDeadline;
    if (row.replyDeadline || next.replyDeadline) return row.replyDeadline !== null;
    return row.waitingSince <= next.waitingSince;
  });
}

describe('reviewer queue', () => {
  for (const language of ['zh-CN', 'en-US'] as const) {
    it(`${language}: counts on 工作台, the queue most urgent first, the drawer with the materials`, async () => {
      const labels = LABELS[language];
      const page = await logIn(language, { width: 1440, height: 900 });

      // 工作台: the four counts, each a link into its view.
      const staffCount = page.locator('[data-queue-count="staff"]');
      await staffCount.waitFor();
      await expect
        .poll(async () => Number((await staffCount.locator('.ant-statistic-content').textContent()) ?? 0))
        .toBeGreaterThan(0);
      for (const view of ['dueSoon', 'overdue', 'customer']) {
        expect(await page.locator(`[data-queue-count="${view}"]`).getAttribute('href')).toBe(
          `/admin/patents?tab=queue&view=${view}`,
        );
      }
      const shown = Number(await staffCount.locator('.ant-statistic-content').textContent());
      await shot(page, `home-1440-${language}`);

      // The count opens the queue on its view.
      const answered = page.waitForResponse((response) => new URL(response.url()).pathname === QUEUE);
      await staffCount.click();
      const answer = (await (await answered).json()) as { rows: PatentQueueRow[]; total: number };
      expect(new URL(page.url()).searchParams.get('view')).toBe('staff');
      expect(answer.total).toBe(shown);
      expect(answer.rows.length).toBeGreaterThan(2);
      expect(urgencyOrdered(answer.rows)).toBe(true);
      expect(answer.rows.every((row) => ![-7, -6, -3, 11].includes(row.status))).toBe(true);
      expect(await page.getByRole('tab', { name: labels.queueTab }).getAttribute('aria-selected')).toBe(
        'true',
      );

      // The table shows them in that order; the most urgent (a reply package due soonest) says what to do.
      const rows = page.locator('.ant-table-tbody tr.ant-table-row');
      await rows.first().waitFor();
      const first = answer.rows[0] as PatentQueueRow;
      expect(first.replyDeadline).not.toBeNull();
      expect(await rows.first().textContent()).toContain(first.serviceCode);
      expect(await rows.nth(1).textContent()).toContain((answer.rows[1] as PatentQueueRow).serviceCode);
      expect(await rows.first().locator('[data-next-step]').textContent()).toBe(labels.replyReview);
      await shot(page, `queue-1440-${language}`);

      // 查看 on an order in materials review: the drawer shows the submission with its files.
      const inReview = answer.rows.find((row) => row.status === 2) as PatentQueueRow;
      const row = rows.filter({ hasText: inReview.serviceCode }).first();
      await row.getByRole('button', { name: labels.view }).click();
      const drawer = page.locator('.ant-drawer').last();
      await drawer.getByRole('tab', { name: labels.materialsTab }).waitFor();
      expect(await drawer.getByRole('tab', { name: labels.materialsTab }).getAttribute('aria-selected')).toBe(
        'true',
      );
      const download = drawer.locator('a[href^="/api/files/"]').first();
      await download.waitFor();
      await shot(page, `drawer-1440-${language}`);

      // A phone: the same counts and queue at 390 px.
      const phone = await logIn(language, { width: 390, height: 844 });
      await phone
        .locator('[data-queue-count="staff"] .ant-statistic-content')
        .filter({ hasText: String(shown) })
        .waitFor();
      await shot(phone, `home-390-${language}`);
      await phone.locator('[data-queue-count="staff"]').click();
      await phone.locator('[data-row-card]').first().filter({ hasText: first.serviceCode }).waitFor();
      await shot(phone, `queue-390-${language}`);
    });
  }
});
