import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import yauzl from 'yauzl';
import { readJsonLines } from './import-jsonl.ts';
import type { ImportSink } from './import-sink.ts';
import { readSt66Xml } from './import-st66.ts';
import { readUsptoXml } from './import-uspto.ts';
import { localName } from './xml-records.ts';

export const IMPORT_FORMATS = ['jsonl', 'uspto-xml', 'st66'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

const READERS: Record<ImportFormat, (sink: ImportSink, input: Readable) => Promise<void>> = {
  jsonl: readJsonLines,
  'uspto-xml': readUsptoXml,
  st66: readSt66Xml,
};

export const EXPECTED_FORMATS =
  'JSON Lines (one mark per line), USPTO daily XML (<trademark-applications-daily>) or TM-XML / WIPO ST.66 ' +
  '(<Transaction>), as such, gzip-compressed (.gz) or in a zip archive';

/** Enough of a file to find its root element past an XML declaration, comments and a DOCTYPE. */
const HEAD_BYTES = 64 * 1024;
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const ZIP_MAGIC = Buffer.from('PK');

/** What a file's first bytes say it is; a description of what was found when it is none of the formats. */
export function detectFormat(head: Buffer): ImportFormat | { unknown: string } {
  const start = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (start === '') return { unknown: 'the file is empty' };
  if (start.startsWith('{')) return 'jsonl';
  if (start.startsWith('<')) {
    const root = /<(?![?!])([A-Za-z_][\w.:-]*)/.exec(start.replace(/<!--[\s\S]*?(-->|$)/g, ''))?.[1];
    if (root && localName(root) === 'Transaction') return 'st66';
    if (root === 'trademark-applications-daily') return 'uspto-xml';
    return {
      unknown: root ? `XML whose root element is <${root}>` : 'XML without a root element in its first 64 KB',
    };
  }
  return { unknown: 'neither XML nor JSON Lines' };
}

/** Reads the first bytes of a stream and gives a stream that still starts with them. */
async function peek(input: Readable, size: number): Promise<{ head: Buffer; stream: Readable }> {
  const iterator: AsyncIterator<Buffer> = input[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* replay() {
    yield head;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head, stream: Readable.from(replay(), { objectMode: false }) };
}

/** Why a stream broke off, said for an operator: a cut-off gzip file reads "unexpected end of file". */
function streamFault(error: unknown, kind: string) {
  const message = error instanceof Error ? error.message : String(error);
  return `the ${kind} is truncated or damaged (${message}); expected a complete ${kind}`;
}

/**
 * Reads one stream of marks into the sink, whatever it holds: gzip is unpacked, the content's format detected (unless
 * `format` is given). A stream in no known format, or one that breaks off, is a fault naming what was expected.
 * Answers the format read.
 */
async function readStream(
  sink: ImportSink,
  input: Readable,
  format: ImportFormat | undefined,
): Promise<ImportFormat | undefined> {
  let { head, stream } = await peek(input, HEAD_BYTES);
  let container = 'file';
  if (head.subarray(0, 2).equals(GZIP_MAGIC)) {
    const gunzip = createGunzip();
    const unpacking = pipeline(stream, gunzip).catch(() => undefined);
    container = 'gzip file';
    try {
      ({ head, stream } = await peek(gunzip, HEAD_BYTES));
    } catch (error) {
      sink.fault({ line: 0, message: streamFault(error, container) });
      return undefined;
    }
    void unpacking;
  }
  const detected = format ?? detectFormat(head);
  if (typeof detected !== 'string') {
    sink.fault({
      line: 0,
      message: `not a trademark file this product reads (${detected.unknown}); expected ${EXPECTED_FORMATS}`,
    });
    return undefined;
  }
  try {
    await READERS[detected](sink, stream);
  } catch (error) {
    sink.fault({ line: 0, message: streamFault(error, container) });
  }
  return detected;
}

/** Names of archive entries read as data; anything else in a zip (images, read-me files) is passed over. */
const DATA_ENTRY = /\.(xml|jsonl|json|ndjson|gz)$/i;

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );
}

async function* zipEntries(zip: yauzl.ZipFile): AsyncGenerator<yauzl.Entry> {
  for (;;) {
    const entry = await new Promise<yauzl.Entry | undefined>((resolve, reject) => {
      const onEntry = (next: yauzl.Entry) => finish(next);
      const onEnd = () => finish(undefined);
      const onError = (error: Error) => {
        zip.off('entry', onEntry).off('end', onEnd);
        reject(error);
      };
      const finish = (next: yauzl.Entry | undefined) => {
        zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
        resolve(next);
      };
      zip.once('entry', onEntry).once('end', onEnd).once('error', onError);
      zip.readEntry();
    });
    if (!entry) return;
    yield entry;
  }
}

const openEntry = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );

/** Reads every data file of a zip archive in turn, each in constant memory (yauzl reads entries from the disk). */
async function readZip(sink: ImportSink, file: string, format: ImportFormat | undefined) {
  const formats = new Set<ImportFormat>();
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch (error) {
    sink.fault({ line: 0, message: streamFault(error, 'zip archive') });
    return formats;
  }
  try {
    for await (const entry of zipEntries(zip)) {
      if (entry.fileName.endsWith('/') || !DATA_ENTRY.test(entry.fileName)) continue;
      sink.entry = entry.fileName;
      try {
        const read = await readStream(sink, await openEntry(zip, entry), format);
        if (read) formats.add(read);
      } catch (error) {
        sink.fault({ line: 0, message: streamFault(error, 'zip archive') });
      }
    }
  } catch (error) {
    sink.entry = undefined;
    sink.fault({ line: 0, message: streamFault(error, 'zip archive') });
  } finally {
    zip.close();
  }
  sink.entry = undefined;
  return formats;
}

/**
 * Reads a file of marks into the sink: plain, gzip-compressed or a zip archive of such files, recognised by their
 * content, not their names. Answers the formats it read.
 */
export async function readTrademarkFile(
  sink: ImportSink,
  file: string,
  format?: ImportFormat,
): Promise<Set<ImportFormat>> {
  const handle = await open(file);
  const magic = Buffer.alloc(4);
  try {
    await handle.read(magic, 0, 4, 0);
  } finally {
    await handle.close();
  }
  if (magic.subarray(0, 2).equals(ZIP_MAGIC) && (magic[2] === 3 || magic[2] === 5))
    return readZip(sink, file, format);
  const read = await readStream(sink, createReadStream(file), format);
  return new Set(read ? [read] : []);
}
