import type { Bitmap } from './images.ts';

/** A demo signature, drawn at seed time so the repository ships no binary files. */

const INK = [51, 51, 51] as const;

/** A handwritten-looking squiggle on a transparent background, as the signing pad exports one. */
export function demoSignature(): Bitmap {
  const width = 600;
  const height = 220;
  const data = new Uint8Array(width * height * 4);
  const dot = (cx: number, cy: number, radius: number) => {
    for (let y = -radius; y <= radius; y += 1) {
      for (let x = -radius; x <= radius; x += 1) {
        const px = Math.round(cx + x);
        const py = Math.round(cy + y);
        if (x * x + y * y > radius * radius || px < 0 || py < 0 || px >= width || py >= height) continue;
        data.set([...INK, 255], (py * width + px) * 4);
      }
    }
  };
  for (let t = 0; t <= 1; t += 0.0015) {
    dot(50 + 480 * t, 110 + 55 * Math.sin(t * 14) * (1 - 0.6 * t) - 30 * t, 4);
  }
  for (let t = 0; t <= 1; t += 0.003) dot(120 + 400 * t, 180 - 12 * t, 3);
  return { width, height, data };
}
