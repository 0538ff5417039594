import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const tempDir = () => mkdtemp(path.join(tmpdir(), 'kxt-config-'));

describe('configuration', () => {
  it('has defaults that run on a laptop', async () => {
    const dir = await tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      dataDir: dir,
      databaseUrl: undefined,
      demoSeed: false,
      demoPassword: 'demo123456',
      demoMarks: 200_000,
      trademarkFreeSearches: 20,
      logLevel: 'info',
      fileSweep: { intervalMinutes: 30, graceMinutes: 15 },
    });
  });

  it('generates a session secret once and keeps it in DATA_DIR', async () => {
    const dir = await tempDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
    expect((await readFile(path.join(dir, 'session-secret'), 'utf8')).trim()).toBe(first);
  });

  it('reads every variable', async () => {
    const dir = await tempDir();
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://u@db:5432/app',
      SESSION_SECRET: 's'.repeat(40),
      DEMO_SEED: '1',
      DEMO_PASSWORD: 'another-pass',
      DEMO_MARKS: '40000',
      TRADEMARK_FREE_SEARCHES: '5',
      TRADEMARK_INDEX: 'postgres',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      FILE_SWEEP_MINUTES: '0',
      FILE_SWEEP_GRACE_MINUTES: '5',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db:5432/app',
      sessionSecret: 's'.repeat(40),
      demoSeed: true,
      demoPassword: 'another-pass',
      demoMarks: 40_000,
      trademarkFreeSearches: 5,
      trademarkIndex: 'postgres',
      logLevel: 'warn',
      trustProxy: true,
      fileSweep: { intervalMinutes: 0, graceMinutes: 5 },
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SESSION_SECRET', 'short'],
    ['DEMO_SEED', 'yes'],
    ['DEMO_PASSWORD', 'short'],
    ['DEMO_MARKS', '10'],
    ['DEMO_MARKS', 'many'],
    ['TRADEMARK_FREE_SEARCHES', '-1'],
    ['TRADEMARK_INDEX', 'disk'],
    ['TRADEMARK_INDEX', 'postgres'],
    ['LOG_LEVEL', 'loud'],
    ['FILE_SWEEP_MINUTES', '-1'],
    ['FILE_SWEEP_GRACE_MINUTES', '0'],
  ])('stops with a message naming %s when it is %j', async (name, value) => {
    const dir = await tempDir();
    expect(() => loadConfig({ DATA_DIR: dir, [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });
});

describe('notification configuration', () => {
  const tencent = {
    TENCENT_SMS_SECRET_ID: 'AKID',
    TENCENT_SMS_SECRET_KEY: 'secret',
    TENCENT_SMS_SDK_APP_ID: '1400000000',
    TENCENT_SMS_SIGN_NAME: '跨星通',
    TENCENT_SMS_TEMPLATE_ID: '123456',
  };

  it('defaults to no email, the SMS sandbox and a worker in the server process', async () => {
    const config = loadConfig({ DATA_DIR: await tempDir() });
    expect(config.notify).toEqual({
      sms: { provider: 'sandbox' },
      worker: true,
      pollMs: 1000,
      maxAttempts: 6,
      leaseMs: 60_000,
      reminderDays: [30, 14, 7, 3, 1, 0],
      nudgeAfterDays: 3,
    });
  });

  it('reads the reminder offsets and the nudge period, and refuses offsets that are not whole days', async () => {
    const config = loadConfig({
      DATA_DIR: await tempDir(),
      DEADLINE_REMINDER_DAYS: '10, 2,0',
      NUDGE_AFTER_DAYS: '5',
    });
    expect(config.notify).toMatchObject({ reminderDays: [10, 2, 0], nudgeAfterDays: 5 });
    expect(() => loadConfig({ DATA_DIR: 'data', DEADLINE_REMINDER_DAYS: 'soon' })).toThrow(
      /DEADLINE_REMINDER_DAYS/,
    );
  });

  it('reads SMTP, the public address, Tencent Cloud SMS and the worker settings', async () => {
    const config = loadConfig({
      DATA_DIR: await tempDir(),
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      MAIL_FROM: 'KXT <notify@example.com>',
      PUBLIC_URL: 'https://kxt.example.com/',
      NOTIFY_WORKER: '0',
      NOTIFY_POLL_MS: '250',
      NOTIFY_MAX_ATTEMPTS: '3',
      ...tencent,
    });
    expect(config.notify).toMatchObject({
      smtp: { url: 'smtp://user:pass@mail.example.com:587', from: 'KXT <notify@example.com>' },
      publicUrl: 'https://kxt.example.com',
      worker: false,
      pollMs: 250,
      maxAttempts: 3,
      sms: {
        provider: 'tencent',
        tencent: { secretId: 'AKID', sdkAppId: '1400000000', templateId: '123456', region: 'ap-guangzhou' },
      },
    });
  });

  it('keeps the sandbox when asked to, even with Tencent settings present', async () => {
    const config = loadConfig({ DATA_DIR: await tempDir(), SMS_PROVIDER: 'sandbox', ...tencent });
    expect(config.notify?.sms).toEqual({ provider: 'sandbox' });
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp://mail.example.com:25' }, 'MAIL_FROM'],
    [{ TENCENT_SMS_SECRET_ID: 'AKID' }, 'TENCENT_SMS_SECRET_KEY'],
    [{ SMS_PROVIDER: 'tencent' }, 'TENCENT_SMS_SECRET_ID'],
    [{ SMS_PROVIDER: 'aliyun' }, 'SMS_PROVIDER'],
    [{ NOTIFY_MAX_ATTEMPTS: '0' }, 'NOTIFY_MAX_ATTEMPTS'],
  ])('stops on %j naming %s', async (env, name) => {
    const load = async () => loadConfig({ DATA_DIR: await tempDir(), ...env });
    await expect(load()).rejects.toThrow(ConfigError);
    await expect(load()).rejects.toThrow(new RegExp(`\\b${name}\\b`));
  });
});
