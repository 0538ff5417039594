import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { type FileHandle, open, rename, rm } from 'node:fs/promises';
import { crc32 } from 'node:zlib';

/** The typed arrays a snapshot holds; they are written as they lie in memory and read back each into its own. */
export type SnapshotArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array | Float64Array;
type ArrayConstructor<T extends SnapshotArray> = {
  new (buffer: ArrayBufferLike, byteOffset: number, length: number): T;
  readonly BYTES_PER_ELEMENT: number;
  readonly name: string;
};

const CONSTRUCTORS: Record<string, ArrayConstructor<SnapshotArray>> = {
  Uint8Array,
  Uint16Array,
  Uint32Array,
  Int32Array,
  Float32Array,
  Float64Array,
};

/** Why a snapshot was not used: it is from another engine version or machine, or it is damaged. */
export class SnapshotError extends Error {
  constructor(
    readonly reason: 'stale' | 'corrupt',
    detail: string,
  ) {
    super(`trademark index snapshot ${reason}: ${detail}`);
    this.name = 'SnapshotError';
  }
}

/** Collects what parts of the index keep: named typed arrays, and small values as JSON. Names nest with `child`. */
export class SnapshotWriter {
  constructor(
    readonly arrays = new Map<string, SnapshotArray>(),
    readonly values: Record<string, unknown> = {},
    readonly prefix = '',
  ) {}

  /** Keeps the first `length` elements of `array` (all of it by default). */
  array(name: string, array: SnapshotArray, length = array.length): void {
    this.arrays.set(this.prefix + name, array.subarray(0, length));
  }

  value(name: string, value: number | string | readonly string[]): void {
    this.values[this.prefix + name] = value;
  }

  child(name: string): SnapshotWriter {
    return new SnapshotWriter(this.arrays, this.values, `${this.prefix}${name}.`);
  }
}

/** Gives back what a `SnapshotWriter` collected, checking each entry's kind; a missing or odd one is corruption. */
export class SnapshotReader {
  constructor(
    readonly arrays: ReadonlyMap<string, SnapshotArray>,
    readonly values: Readonly<Record<string, unknown>>,
    readonly prefix = '',
  ) {}

  /** The array `name`, which must be of one of `types` (a column that widens may have been saved either way). */
  array<T extends SnapshotArray>(name: string, ...types: ArrayConstructor<T>[]): T {
    const array = this.arrays.get(this.prefix + name);
    if (array === undefined || !types.some((type) => array.constructor === type))
      throw new SnapshotError(
        'corrupt',
        `no ${types.map((type) => type.name).join(' or ')} ${this.prefix}${name}`,
      );
    return array as T;
  }

  /** A whole number from 0 to 2^53. */
  count(name: string): number {
    const value = this.values[this.prefix + name];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      throw new SnapshotError('corrupt', `no count ${this.prefix}${name}`);
    return value;
  }

  strings(name: string): string[] {
    const value = this.values[this.prefix + name];
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
      throw new SnapshotError('corrupt', `no strings ${this.prefix}${name}`);
    return value as string[];
  }

  child(name: string): SnapshotReader {
    return new SnapshotReader(this.arrays, this.values, `${this.prefix}${name}.`);
  }
}

// "KXTIDX", then the layout's version: bump it when the file layout changes (the engine's own changes are caught by
// the fingerprint).
const MAGIC = Buffer.from('KXTIDX\u0000\u0001', 'latin1');
const ALIGN = 8;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

interface ArrayEntry {
  readonly type: string;
  readonly offset: number;
  readonly length: number;
  readonly crc: number;
}

interface Header {
  readonly fingerprint: string;
  readonly littleEndian: boolean;
  readonly meta: unknown;
  readonly values: Record<string, unknown>;
  readonly arrays: Record<string, ArrayEntry>;
  readonly payloadBytes: number;
}

const bytesOf = (array: SnapshotArray): Uint8Array =>
  new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
const padding = (length: number): number => (ALIGN - (length % ALIGN)) % ALIGN;

/**
 * Writes a snapshot to `path` through a temporary file renamed into place, so a reader never sees half of one: the
 * magic, the header's length and its CRC, the header (JSON: fingerprint, `meta`, values, and each array's type,
 * place, length and CRC-32), then the arrays, each at a multiple of 8 bytes so it loads as a view.
 */
export async function writeSnapshot(
  path: string,
  fingerprint: string,
  meta: unknown,
  writer: SnapshotWriter,
): Promise<number> {
  const chunks: Uint8Array[] = [];
  const arrays: Record<string, ArrayEntry> = {};
  let offset = 0;
  for (const [name, array] of writer.arrays) {
    const bytes = bytesOf(array);
    arrays[name] = { type: array.constructor.name, offset, length: array.length, crc: crc32(bytes) };
    chunks.push(bytes, new Uint8Array(padding(bytes.length)));
    offset += bytes.length + padding(bytes.length);
  }
  const header: Header = {
    fingerprint,
    littleEndian: LITTLE_ENDIAN,
    meta,
    values: writer.values,
    arrays,
    payloadBytes: offset,
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const lengths = Buffer.alloc(8);
  lengths.writeUInt32LE(json.length, 0);
  lengths.writeUInt32LE(crc32(json), 4);
  const head = Buffer.concat([MAGIC, lengths, json, Buffer.alloc(padding(MAGIC.length + 8 + json.length))]);
  const temporary = `${path}.${process.pid}.tmp`;
  const file = await open(temporary, 'w');
  try {
    let written = 0;
    const all = [head, ...chunks];
    // writev takes a bounded number of buffers per call.
    for (let i = 0; i < all.length; i += 512) {
      const batch = all.slice(i, i + 512);
      const { bytesWritten } = await file.writev(batch);
      // A file takes the whole batch or the disk is full: a short write is refused, never renamed into place.
      if (bytesWritten !== batch.reduce((sum, chunk) => sum + chunk.length, 0))
        throw new Error(`short write to ${temporary}`);
      written += bytesWritten;
    }
    await file.sync();
    await file.close();
    await rename(temporary, path);
    return written;
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Reads a snapshot written by `writeSnapshot`: its `meta` and a reader over its parts. Each array is read into a
 * buffer of its own, so the index can later grow or drop any of them without the rest of the file staying in memory.
 * `accept` sees the `meta` first: when it says no, nothing more is read and the answer is undefined. Throws
 * `SnapshotError` 'stale' when it is from another engine (`fingerprint`), layout or byte order, and 'corrupt' when any
 * part of it does not check out; a missing file is the caller's ENOENT.
 */
export async function readSnapshot(
  path: string,
  fingerprint: string,
  accept: (meta: unknown) => boolean | Promise<boolean> = () => true,
): Promise<{ meta: unknown; reader: SnapshotReader; bytes: number } | undefined> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const start = Buffer.alloc(MAGIC.length + 8);
    await readFully(file, start, 0);
    if (!start.subarray(0, MAGIC.length).equals(MAGIC)) {
      const older = start.subarray(0, MAGIC.length - 1).equals(MAGIC.subarray(0, MAGIC.length - 1));
      throw new SnapshotError(older ? 'stale' : 'corrupt', older ? 'another file layout' : 'not a snapshot');
    }
    const jsonLength = start.readUInt32LE(MAGIC.length);
    if (start.length + jsonLength > size) throw new SnapshotError('corrupt', 'truncated header');
    const json = Buffer.alloc(jsonLength);
    await readFully(file, json, start.length);
    if (crc32(json) !== start.readUInt32LE(MAGIC.length + 4))
      throw new SnapshotError('corrupt', 'header checksum');
    const header = JSON.parse(json.toString('utf8')) as Header;
    if (header.fingerprint !== fingerprint) throw new SnapshotError('stale', 'another engine version');
    if (header.littleEndian !== LITTLE_ENDIAN) throw new SnapshotError('stale', 'another byte order');
    const payload = start.length + jsonLength + padding(start.length + jsonLength);
    if (payload + header.payloadBytes !== size) throw new SnapshotError('corrupt', 'truncated or extended');
    if (!(await accept(header.meta))) return undefined;
    const arrays = new Map<string, SnapshotArray>();
    for (const [name, entry] of Object.entries(header.arrays)) {
      const type = CONSTRUCTORS[entry.type];
      if (type === undefined || !Number.isSafeInteger(entry.length) || entry.length < 0)
        throw new SnapshotError('corrupt', `${name}: unknown array`);
      const byteLength = entry.length * type.BYTES_PER_ELEMENT;
      if (entry.offset % ALIGN !== 0 || entry.offset + byteLength > header.payloadBytes)
        throw new SnapshotError('corrupt', `${name} out of place`);
      const array = new type(new ArrayBuffer(byteLength), 0, entry.length);
      if ((await readChecksummed(file, bytesOf(array), payload + entry.offset)) !== entry.crc)
        throw new SnapshotError('corrupt', `${name} checksum`);
      arrays.set(name, array);
    }
    return { meta: header.meta, reader: new SnapshotReader(arrays, header.values), bytes: size };
  } finally {
    await file.close();
  }
}

// Reads of at most this many bytes at a time (one read call takes under 2 GiB).
const READ_CHUNK = 1 << 28;

// The checksum of one piece is worked out while the next is being read.
const CHECKSUM_PIECE = 1 << 24;

/**
 * `readFully`, answering the CRC-32 of what was read: each piece is checksummed on this thread while the thread pool
 * reads the next one, so the two overlap rather than add up (a ten-million-mark snapshot on a two-core machine whose
 * fresh memory is slow to touch: 4.4 s of reading, 2.5 s of checksums, load 7.5–8.2 s before, 6.2–6.5 s after).
 */
async function readChecksummed(file: FileHandle, into: Uint8Array, position: number): Promise<number> {
  if (into.length === 0) return crc32(into);
  const pieceAt = (start: number): Promise<void> =>
    readFully(file, into.subarray(start, Math.min(start + CHECKSUM_PIECE, into.length)), position + start);
  let crc = 0;
  let reading = pieceAt(0);
  for (let at = 0; at < into.length; at += CHECKSUM_PIECE) {
    await reading;
    const next = at + CHECKSUM_PIECE;
    if (next < into.length) reading = pieceAt(next);
    crc = crc32(into.subarray(at, Math.min(next, into.length)), crc);
  }
  return crc;
}

async function readFully(file: FileHandle, into: Uint8Array, position: number): Promise<void> {
  for (let at = 0; at < into.length; ) {
    const { bytesRead } = await file.read(into, at, Math.min(READ_CHUNK, into.length - at), position + at);
    if (bytesRead === 0) throw new SnapshotError('corrupt', 'shorter than its header says');
    at += bytesRead;
  }
}

let engineFingerprint: string | undefined;

/**
 * What a snapshot must have been written by: a hash of this engine's source and word lists. Any change to how names
 * are analysed or listed changes it, so a snapshot of an older engine is rebuilt rather than trusted.
 */
export function snapshotFingerprint(): string {
  if (engineFingerprint !== undefined) return engineFingerprint;
  const hash = createHash('sha256');
  for (const folder of ['./', '../lexicon/']) {
    const url = new URL(folder, import.meta.url);
    const files = readdirSync(url)
      .filter((name) => /\.(ts|json)$/.test(name) && !name.endsWith('.test.ts'))
      .sort();
    for (const name of files) hash.update(name).update(readFileSync(new URL(name, url)));
  }
  engineFingerprint = hash.digest('hex').slice(0, 32);
  return engineFingerprint;
}
