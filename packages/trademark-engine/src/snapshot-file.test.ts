import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSnapshot, SnapshotWriter, writeSnapshot } from './snapshot-file.ts';

const folder = mkdtempSync(join(tmpdir(), 'kxt-snapshot-file-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// Larger than the pieces the reader checksums one at a time (16 MiB), and not a multiple of them.
const LARGE = (40 << 20) + 12_345;
// Writing and reading some 40 MiB several times: seconds on a busy two-core machine.
const SLOW = 30_000;

function writer(): { out: SnapshotWriter; large: Uint8Array } {
  const out = new SnapshotWriter();
  const large = new Uint8Array(LARGE);
  for (let i = 0; i < large.length; i++) large[i] = (i * 31 + (i >>> 11)) & 0xff;
  out.array('large', large);
  out.array('empty', new Uint32Array(0));
  out.array('small', Uint32Array.of(7, 8, 9));
  return { out, large };
}

describe('snapshot file', { timeout: SLOW }, () => {
  it('reads back arrays larger than a checksummed piece, and empty ones', async () => {
    const path = join(folder, 'whole.idx');
    const { out, large } = writer();
    await writeSnapshot(path, 'test', { note: 1 }, out);
    const read = await readSnapshot(path, 'test');
    expect(read?.meta).toEqual({ note: 1 });
    const back = read?.reader.array('large', Uint8Array) ?? new Uint8Array(0);
    // Compared as buffers: a matcher walking forty million elements would take the heap.
    expect(Buffer.from(back).equals(Buffer.from(large))).toBe(true);
    expect(read?.reader.array('empty', Uint32Array)).toHaveLength(0);
    expect([...(read?.reader.array('small', Uint32Array) ?? [])]).toEqual([7, 8, 9]);
  });

  it('refuses a byte changed in any piece of a large array', async () => {
    const path = join(folder, 'damaged.idx');
    await writeSnapshot(path, 'test', null, writer().out);
    const whole = readFileSync(path);
    const { large } = writer();
    const payloadStart = whole.indexOf(Buffer.from(large.subarray(0, 4096)));
    expect(payloadStart).toBeGreaterThan(0);
    for (const offset of [100, (16 << 20) + 5, LARGE - 3]) {
      const damaged = Buffer.from(whole);
      const at = payloadStart + offset;
      damaged[at] = (damaged[at] as number) ^ 0x01;
      writeFileSync(path, damaged);
      await expect(readSnapshot(path, 'test')).rejects.toMatchObject({ reason: 'corrupt' });
    }
  });
});
