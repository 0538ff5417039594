import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  CUSTOMER_EXPORT_COLUMNS,
  SERVICE_ITEM_EXPORT_COLUMNS,
  TAX_DECLARATION_EXPORT_COLUMNS,
} from '../packages/contracts/src/list-export.ts';
import { login, seedBenchLists, startBenchServer, waitForHealth } from './api-lists.ts';
import { writeResults } from './results-file.ts';

const TARGET_SECONDS = 15;

/** Resident memory of a process in MB, from /proc (Linux): `VmRSS` now or `VmHWM`, the peak so far. */
async function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

/** Downloads one export as a browser would (reading the stream to the end), sampling the server's memory. */
async function timeExport(baseUrl: string, cookie: string, pid: number, route: string) {
  const before = await memoryMb(pid, 'VmRSS');
  let peak = before;
  const sampler = setInterval(() => {
    memoryMb(pid, 'VmRSS')
      .then((rss) => {
        peak = Math.max(peak, rss);
      })
      .catch(() => {});
  }, 50);
  const started = performance.now();
  const response = await fetch(`${baseUrl}${route}`, { headers: { cookie } });
  if (!response.ok || !response.body)
    throw new Error(`${route}: ${response.status} ${await response.text()}`);
  let bytes = 0;
  let lineBreaks = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lineBreaks += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, await memoryMb(pid, 'VmRSS'));
  return {
    rows: Number(response.headers.get('x-export-rows')),
    seconds: Math.round(seconds * 100) / 100,
    megabytes: Math.round((bytes / 1024 / 1024) * 10) / 10,
    csvLines: lineBreaks,
    rssBeforeMb: before,
    peakRssMb: peak,
  };
}

/**
 * `npm run bench -- export [--items 100000]`: seeds that many service items and declarations, starts the server
 * and downloads each list as .xlsx and CSV with every column, timing each and sampling the server's resident memory
 * (target: under 15 s per export, memory not growing with the rows).
 */
export async function runExportBench(args: string[]) {
  const { values } = parseArgs({ args, options: { items: { type: 'string', default: '100000' } } });
  const items = Number(values.items);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kxt-bench-export-'));
  try {
    await seedBenchLists(dataDir, items);

    const { server, baseUrl } = startBenchServer(dataDir);
    try {
      // Start-up compiles the server through tsx, which takes a while on a busy machine.
      await waitForHealth(baseUrl, 300_000);
      const pid = server.pid ?? 0;
      const cookie = await login(baseUrl);
      const lists = [
        ['service-items', SERVICE_ITEM_EXPORT_COLUMNS],
        ['tax-declarations', TAX_DECLARATION_EXPORT_COLUMNS],
        ['customers', CUSTOMER_EXPORT_COLUMNS],
      ] as const;
      const results = [];
      for (const [list, columns] of lists) {
        for (const format of ['xlsx', 'csv'] as const) {
          const route = `/api/admin/${list}/export?format=${format}&columns=${columns.join(',')}&timeZone=Asia/Shanghai`;
          results.push({ list, format, ...(await timeExport(baseUrl, cookie, pid, route)) });
        }
      }
      const peakRssMb = await memoryMb(pid, 'VmHWM');
      console.table(
        results.map((result) => ({
          list: result.list,
          format: result.format,
          rows: result.rows,
          's (target < 15)': result.seconds,
          MB: result.megabytes,
          'server RSS before → peak (MB)': `${result.rssBeforeMb} → ${result.peakRssMb}`,
        })),
      );
      const meetsTarget = results.every((result) => result.seconds < TARGET_SECONDS);
      console.log(`server peak RSS over the whole run (VmHWM): ${peakRssMb} MB`);
      console.log(meetsTarget ? 'TARGET MET: every export under 15 s' : 'TARGET MISSED');
      await writeResults('export', {
        items,
        results,
        peakRssMb,
        target: { seconds: TARGET_SECONDS },
        meetsTarget,
      });
    } finally {
      server.kill('SIGTERM');
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
