import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { TrademarkIndex } from './engine.ts';
import { generateMarks } from './generate-marks.ts';
import { SnapshotError } from './snapshot-file.ts';
import type { MarkRecord, SearchQuery } from './types.ts';

const folder = mkdtempSync(join(tmpdir(), 'kxt-snapshot-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const marks = generateMarks({ count: 6_000, seed: 7 });
const extra: MarkRecord[] = [
  { id: 900_001, name: 'NIKE', dataset: 'US', niceClass: [25], status: 'registered' },
  { id: 900_002, name: '耐克', dataset: 'CN', niceClass: [25], status: 'registered' },
  { id: 900_003, name: 'Bella Home', dataset: 'EM', niceClass: [20, 21], status: 'filed' },
  {
    id: 900_004,
    name: 'ZORVEX',
    dataset: 'WO',
    niceClass: [9],
    status: 'registered',
    designations: ['US', 'DE'],
  },
  // An id past 32 bits makes the id columns doubles: the snapshot keeps them so.
  { id: 2 ** 40 + 5, name: 'KWIK KLEEN', dataset: 'US', niceClass: [3], status: 'registered' },
];
const queries: SearchQuery[] = [
  ...marks.slice(0, 40).map((mark) => ({ text: mark.name })),
  { text: 'NIKEE' },
  { text: '耐克' },
  { text: 'NIKE', classes: [25] },
  { text: 'BELLA', classes: [20], statuses: ['filed'] },
  { text: 'ZORVEX', effect: { registers: ['DE'], designatingRegisters: ['WO'], designations: ['DE'] } },
  { text: 'ZORVEX', effect: { registers: ['FR'], designatingRegisters: ['WO'], designations: ['FR'] } },
  { text: 'ZORVEX', datasets: ['WO'] },
  { text: 'QUICK CLEAN' },
];

function built(): TrademarkIndex {
  const index = new TrademarkIndex();
  index.add(marks);
  index.add(extra);
  // A removed mark stays removed after a load.
  index.remove(marks[1]?.id as number);
  return index;
}

const answers = (index: TrademarkIndex) => queries.map((query) => index.search(query));

describe('TrademarkIndex snapshots', () => {
  it('loads back an index that answers every search as the one saved, and says what it covers', async () => {
    const index = built();
    const path = join(folder, 'round-trip.idx');
    const bytes = await index.save(path, { cursor: 'c-1', marks: index.size });
    expect(bytes).toBe(readFileSync(path).length);
    const { index: loaded, meta } = await TrademarkIndex.load(path);
    expect(meta).toEqual({ cursor: 'c-1', marks: index.size });
    expect(loaded.size).toBe(index.size);
    expect(loaded.names).toBe(index.names);
    expect(loaded.has(marks[1]?.id as number)).toBe(false);
    expect(loaded.search({ text: 'KWIK KLEEN' }).matches[0]?.id).toBe(2 ** 40 + 5);
    expect(answers(loaded)).toEqual(answers(index));
  });

  it('shows the meta to the caller first, and reads no index when it is refused', async () => {
    const path = join(folder, 'refused.idx');
    await built().save(path, { cursor: 'other' });
    const seen: unknown[] = [];
    const refused = await TrademarkIndex.load(path, {}, (meta) => {
      seen.push(meta);
      return false;
    });
    expect(refused).toBeUndefined();
    expect(seen).toEqual([{ cursor: 'other' }]);
    const accepted = await TrademarkIndex.load(path, {}, async () => true);
    expect(accepted?.index.size).toBe(built().size);
  });

  it('takes marks added, replaced and removed after a load, as a fresh index would', async () => {
    const path = join(folder, 'incremental.idx');
    await built().save(path);
    const { index: loaded } = await TrademarkIndex.load(path);
    const fresh = built();
    const later: MarkRecord[] = [
      { id: 900_010, name: 'NIKEY', dataset: 'US', niceClass: [25], status: 'registered' },
      { id: 900_011, name: '耐可', dataset: 'CN', niceClass: [25], status: 'registered' },
      // A known id with a new name replaces the old mark.
      { id: 900_003, name: 'BELLO HOME', dataset: 'EM', niceClass: [20], status: 'registered' },
      ...generateMarks({ count: 2_000, seed: 8, firstId: 1_000_000 }),
    ];
    for (const index of [loaded, fresh]) {
      index.add(later);
      index.remove(900_004);
    }
    const more: SearchQuery[] = [...queries, { text: 'NIKEY' }, { text: 'BELLO' }, { text: '耐可' }];
    expect(more.map((query) => loaded.search(query))).toEqual(more.map((query) => fresh.search(query)));
    expect(loaded.search({ text: 'NIKEY' }).matches.map((match) => match.id)).toContain(900_010);
  });

  it('is read by another process, which numbers the transliteration sounds in its own order', async () => {
    const index = built();
    const path = join(folder, 'other-process.idx');
    await index.save(path);
    // A fresh copy of the engine's modules stands for a new process: it meets sounds in another order first.
    vi.resetModules();
    const fresh = (await import('./engine.ts')) as typeof import('./engine.ts');
    const other = new fresh.TrademarkIndex();
    other.add([{ id: 1, name: '乔丹体育', dataset: 'CN', niceClass: [25], status: 'registered' }]);
    other.search({ text: 'QUEENSWAY' });
    const { index: loaded } = await fresh.TrademarkIndex.load(path);
    const crossScript: SearchQuery[] = [
      { text: 'NIKE' },
      { text: '耐克' },
      { text: '乔丹' },
      { text: 'JORDAN' },
    ];
    expect(loaded.search({ text: 'NIKE' }).matches.map((match) => match.id)).toContain(900_002);
    expect(crossScript.map((query) => loaded.search(query))).toEqual(
      crossScript.map((query) => index.search(query)),
    );
  });

  it('refuses a damaged snapshot as corrupt', async () => {
    const path = join(folder, 'damaged.idx');
    await built().save(path);
    const whole = readFileSync(path);
    const flipped = Buffer.from(whole);
    const at = whole.length - 1_000;
    flipped[at] = (flipped[at] as number) ^ 0xff;
    writeFileSync(path, flipped);
    await expect(TrademarkIndex.load(path)).rejects.toMatchObject({ reason: 'corrupt' });
    writeFileSync(path, whole.subarray(0, whole.length - 16));
    await expect(TrademarkIndex.load(path)).rejects.toMatchObject({ reason: 'corrupt' });
    writeFileSync(path, 'not an index at all');
    await expect(TrademarkIndex.load(path)).rejects.toBeInstanceOf(SnapshotError);
  });

  it('refuses a snapshot of another engine version as stale', async () => {
    const path = join(folder, 'stale.idx');
    await built().save(path);
    const whole = readFileSync(path);
    // The fingerprint sits in the JSON header: change one of its characters and its checksum with it.
    const text = whole.toString('latin1');
    const at = text.indexOf('"fingerprint":"') + '"fingerprint":"'.length;
    const other = Buffer.from(whole);
    other[at] = (other[at] as number) === 0x30 ? 0x31 : 0x30;
    const headerLength = other.readUInt32LE(8);
    const { crc32 } = await import('node:zlib');
    other.writeUInt32LE(crc32(other.subarray(16, 16 + headerLength)), 12);
    writeFileSync(path, other);
    await expect(TrademarkIndex.load(path)).rejects.toMatchObject({ reason: 'stale' });
  });

  it('fails on a missing file as the file system does', async () => {
    await expect(TrademarkIndex.load(join(folder, 'none.idx'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
