import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openContext } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { verifyPassword } from '../modules/auth/passwords.ts';
import { findUserByUsername } from '../modules/users/repository.ts';
import { testDialect } from '../test/test-app.ts';
import { runCli } from './main.ts';

// The CLI reads the same environment as the server; these tests point it at a fresh SQLite data folder.
let dataDir: string;
const saved = { ...process.env };
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kxt-cli-'));
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
});
afterEach(() => {
  process.env = { ...saved };
});

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    argv,
    (line) => out.push(line),
    (line) => err.push(line),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function findUser(username: string) {
  const ctx = await openContext(loadConfig());
  try {
    return await findUserByUsername(ctx.db, username);
  } finally {
    await ctx.close();
  }
}

describe.runIf(testDialect() === 'sqlite')('cli user', () => {
  it('creates a customer user with an argon2id hash and their company', async () => {
    const result = await run(
      'user',
      'create',
      '--username',
      'zoe',
      '--password',
      'long-enough',
      '--role',
      'customer',
      '--customer',
      'Zoe Ltd',
    );
    expect(result).toMatchObject({ code: 0, out: expect.stringContaining('Created user zoe') });
    const user = await findUser('zoe');
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
    expect(user?.password_hash).not.toContain('long-enough');
    expect(user?.customer_id).toBeTypeOf('number');
  });

  it('refuses a duplicate username', async () => {
    await run('user', 'create', '--username', 'yan', '--password', 'long-enough', '--role', 'admin');
    const again = await run(
      'user',
      'create',
      '--username',
      'yan',
      '--password',
      'long-enough',
      '--role',
      'admin',
    );
    expect(again.code).toBe(1);
    expect(again.err).toBe('Error: The username yan is already taken');
  });

  it('refuses an unknown role, listing the roles', async () => {
    const result = await run(
      'user',
      'create',
      '--username',
      'xu',
      '--password',
      'long-enough',
      '--role',
      'boss',
    );
    expect(result.code).toBe(1);
    expect(result.err).toContain('Unknown role boss');
    expect(result.err).toContain('customer, admin, reviewer, finance, consultant');
  });

  it('refuses a password under 8 characters', async () => {
    const result = await run('user', 'create', '--username', 'wu', '--password', 'short', '--role', 'admin');
    expect(result.code).toBe(1);
    expect(result.err).toContain('at least 8 characters');
    expect(await findUser('wu')).toBeUndefined();
  });

  it('refuses a customer without a company', async () => {
    const result = await run(
      'user',
      'create',
      '--username',
      'vic',
      '--password',
      'long-enough',
      '--role',
      'customer',
    );
    expect(result).toMatchObject({ code: 1, err: expect.stringContaining('--customer') });
  });

  it('changes a password', async () => {
    await run('user', 'create', '--username', 'uma', '--password', 'first-password', '--role', 'finance');
    const result = await run('user', 'password', '--username', 'uma', '--password', 'second-password');
    expect(result.code).toBe(0);
    const user = await findUser('uma');
    expect(await verifyPassword(user?.password_hash ?? '', 'second-password')).toBe(true);
    expect(await verifyPassword(user?.password_hash ?? '', 'first-password')).toBe(false);
  });

  it('says which user is unknown when changing a password', async () => {
    const result = await run('user', 'password', '--username', 'ghost', '--password', 'whatever-long');
    expect(result).toMatchObject({ code: 1, err: 'Error: There is no user ghost' });
  });

  it('prints usage for a missing option or command', async () => {
    expect((await run('user', 'create', '--username', 'tom')).code).toBe(2);
    expect((await run('nonsense')).code).toBe(2);
    expect((await run('user', 'create', '--bogus', 'x')).code).toBe(2);
  });
});

describe.runIf(testDialect() === 'sqlite')('cli trademark', () => {
  it('generates a corpus to a file and imports it, reporting bad lines', async () => {
    const file = path.join(dataDir, 'marks.jsonl');
    expect(await run('trademark', 'generate', '--count', '50', '--seed', '3', '--out', file)).toMatchObject({
      code: 0,
      out: `Wrote 50 marks to ${file}.`,
    });
    const { appendFile } = await import('node:fs/promises');
    await appendFile(file, 'not json\n');
    const result = await run('trademark', 'import', file);
    expect(result.code).toBe(0);
    expect(result.out).toContain('Imported 50 marks');
    expect(result.out).toContain('1 records refused');
    expect(result.out).toContain('line 51: not valid JSON');
  });

  const FIXTURES = path.resolve(import.meta.dirname, '../modules/trademarks/fixtures');
  it('exits 1 naming the file and what was expected when nothing is readable or too much is refused', async () => {
    const unknown = await run('trademark', 'import', path.join(FIXTURES, 'unknown-format.xml'));
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain(`Import of ${path.join(FIXTURES, 'unknown-format.xml')} failed`);
    expect(unknown.err).toContain('expected JSON Lines');
    const empty = await run('trademark', 'import', path.join(FIXTURES, 'st66-no-marks.xml'));
    expect(empty).toMatchObject({ code: 1, err: expect.stringContaining('no readable record') });
    const bomb = await run('trademark', 'import', path.join(FIXTURES, 'st66-entity-bomb.xml'));
    expect(bomb.code).toBe(1);
    expect(bomb.err).toMatch(/record 1, line \d+: mark UK0000BOMB: the parser refused it/);
    const tolerated = await run(
      'trademark',
      'import',
      path.join(FIXTURES, 'st66-entity-bomb.xml'),
      '--max-refused',
      '50',
    );
    expect(tolerated).toMatchObject({ code: 0, out: expect.stringContaining('Imported 1 marks') });
    expect((await run('trademark', 'import', 'x.xml', '--max-refused', 'lots')).code).toBe(2);
  });

  it('refuses a bad count and an unknown format', async () => {
    expect((await run('trademark', 'generate', '--count', 'many')).code).toBe(2);
    expect((await run('trademark', 'import', 'x.csv', '--format', 'csv')).code).toBe(2);
    expect((await run('trademark', 'import')).code).toBe(2);
  });
});
