import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from './harness.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = path.join(ROOT, 'apps/server/src/modules/trademarks/fixtures');
/** Screenshots only when asked for (`E2E_SCREENSHOT_DIR`), as in the other browser tests: never into the repository. */
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const e2e = useE2E();

/** `npm run cli -- trademark import FILE` against the running server's database; answers the exit code. */
async function importFile(name: string, ...options: string[]) {
  try {
    await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/cli/main.ts',
        'trademark',
        'import',
        path.join(FIXTURES, name),
        ...options,
      ],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: e2e.server.dataDir, LOG_LEVEL: 'silent' } },
    );
    return 0;
  } catch (error) {
    return (error as { code?: number }).code ?? -1;
  }
}

describe('trademark imports (admin)', () => {
  beforeAll(async () => {
    if (SHOTS) await mkdir(SHOTS, { recursive: true });
    expect(await importFile('st66-wipo-keyed.xml')).toBe(0);
    expect(await importFile('st66-gb-inline.xml')).toBe(1);
    expect(await importFile('unknown-format.xml')).toBe(1);
  }, 120_000);

  for (const language of ['zh-CN', 'en-US'] as const) {
    it(`lists the batches with their problems by position (${language})`, async () => {
      const page = await e2e.logIn('/admin/trademark-imports', 'admin', { language });
      const rows = page.locator('tr.ant-table-row');
      await expect.poll(() => rows.count()).toBe(3);
      const failedLabel = language === 'zh-CN' ? '失败' : 'Failed';
      await expect.poll(() => rows.nth(0).innerText()).toContain(failedLabel);
      await rows.nth(1).locator('.ant-table-row-expand-icon').click();
      await expect
        .poll(() => page.locator('.ant-table-expanded-row').innerText())
        .toContain('mark UK00003999003: missing or invalid niceClass');
      if (SHOTS)
        await page.screenshot({ path: path.join(SHOTS, `imports-desktop-${language}.png`), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      if (SHOTS)
        await page.screenshot({ path: path.join(SHOTS, `imports-mobile-${language}.png`), fullPage: true });
      await page.context().close();
    });
  }
});
