import { mkdir, writeFile } from 'node:fs/promises';

/** Writes bench/results/<name>.json and says where. */
export async function writeResults(name: string, results: unknown) {
  const dir = new URL('./results/', import.meta.url);
  await mkdir(dir, { recursive: true });
  const file = new URL(`${name}.json`, dir);
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwrote bench/results/${name}.json`);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}
