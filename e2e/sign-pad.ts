import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const PAD = 'canvas.sign-pad__canvas';

/**
 * Waits until the signature popup has finished sliding in, so strokes land where they are aimed: antd-mobile's
 * Popup lets pointer events through only once its animation is at rest, and the body then sits untranslated.
 */
export async function waitForPadInPlace(page: Page) {
  await page.locator(PAD).waitFor();
  await expect
    .poll(() =>
      page.locator('.sign-popup').evaluate((body) => {
        const style = getComputedStyle(body);
        return style.pointerEvents !== 'none' && new DOMMatrixReadOnly(style.transform).m42 === 0;
      }),
    )
    .toBe(true);
}

/** Draws one stroke through points given as fractions of the pad, with real pointer events. */
export async function stroke(page: Page, points: [number, number][]) {
  const box = await page.locator(PAD).boundingBox();
  if (!box) throw new Error('the pad is not on screen');
  const at = ([x, y]: [number, number]) => [box.x + x * box.width, box.y + y * box.height] as const;
  const [first, ...rest] = points;
  if (!first) return;
  await page.mouse.move(...at(first));
  await page.mouse.down();
  for (const point of rest) await page.mouse.move(...at(point), { steps: 8 });
  await page.mouse.up();
}
