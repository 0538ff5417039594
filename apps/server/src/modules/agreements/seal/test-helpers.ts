import { spawnSync } from 'node:child_process';
import { currentSeal } from './seal-key.ts';
import type { SealInput } from './seal-pdf.ts';

/** poppler's signature checker; `.ci/run` installs poppler-utils. */
export const hasPdfsig = spawnSync('pdfsig', ['-v']).error === undefined;

/** pdfsig's report on a file (it exits non-zero for a broken signature, which is still a report). */
export function pdfsig(file: string): string {
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}

/** The four numbers of a sealed PDF's /ByteRange. */
export function byteRangeOf(pdf: Uint8Array): [number, number, number, number] {
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(
    Buffer.from(pdf).toString('latin1'),
  );
  if (!match) throw new Error('no /ByteRange in the file');
  return [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4])];
}

/** This process's seal with test texts in the signature dictionary. */
export const testSealInput = (): SealInput => ({
  key: currentSeal().key,
  reason: 'Test seal',
  location: 'Test',
  contactInfo: 'test@example.com',
  name: 'KXT test',
});
