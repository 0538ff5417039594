import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storedEntries } from '../../test/crashing-storage.ts';
import { type FileStorage, localFileStorage } from './storage.ts';

let root: string;
let storage: FileStorage;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'kxt-storage-'));
  storage = localFileStorage(root);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const bytes = Buffer.from('signed page');
const summary = async () =>
  (await storedEntries(storage))
    .map(({ key, staged }) => ({ key, staged }))
    .sort((a, b) => (a.key < b.key ? -1 : 1));

describe('local file storage', () => {
  it('keeps staged bytes out of reach until they are moved into place', async () => {
    await storage.stage('2026-01/a', bytes);
    await expect(buffer(storage.read('2026-01/a'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await summary()).toEqual([{ key: '2026-01/a', staged: true }]);

    await storage.publish('2026-01/a');
    expect((await buffer(storage.read('2026-01/a'))).equals(bytes)).toBe(true);
    expect(await summary()).toEqual([{ key: '2026-01/a', staged: false }]);
  });

  it('accepts a second move of bytes already in place, and refuses to move bytes that were never written', async () => {
    await storage.stage('2026-01/a', bytes);
    await storage.publish('2026-01/a');
    await expect(storage.publish('2026-01/a')).resolves.toBeUndefined();
    await expect(storage.publish('2026-01/never')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('never overwrites a key that is being written', async () => {
    await storage.stage('2026-01/a', bytes);
    await expect(storage.stage('2026-01/a', Buffer.from('other'))).rejects.toMatchObject({ code: 'EEXIST' });
  });

  it('removes a key whether staged or in place', async () => {
    await storage.stage('2026-01/a', bytes);
    await storage.stage('2026-01/b', bytes);
    await storage.publish('2026-01/b');
    await storage.remove('2026-01/a');
    await storage.remove('2026-01/b');
    expect(await summary()).toEqual([]);
  });

  it('lists only what it wrote itself, so the sweep never touches anything else in the folder', async () => {
    await storage.stage('2026-01/a', bytes);
    await mkdir(path.join(root, 'notes'), { recursive: true });
    await writeFile(path.join(root, 'notes', 'README.txt'), 'keep me');
    await writeFile(path.join(root, '.DS_Store'), '');
    expect(await summary()).toEqual([{ key: '2026-01/a', staged: true }]);
  });

  it('lists nothing, rather than failing, before anything was stored', async () => {
    expect(await storedEntries(localFileStorage(path.join(root, 'missing')))).toEqual([]);
  });

  it('refuses keys that could leave its folder', async () => {
    await expect(storage.stage('../outside', bytes)).rejects.toThrow('Unsafe storage key');
    expect(() => storage.read('a/../../b')).toThrow('Unsafe storage key');
  });
});
