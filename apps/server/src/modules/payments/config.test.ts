import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

const tempDir = () => mkdtemp(path.join(tmpdir(), 'kxt-pay-config-'));

describe('payment configuration', () => {
  it('runs the sandbox with demo bank accounts and a 15-minute expiry by default', async () => {
    const config = loadConfig({ DATA_DIR: await tempDir() });
    expect(config.payments).toMatchObject({ sandbox: true, expiryMinutes: 15, sweepSeconds: 5 });
    expect(config.payments?.bankAccounts.online.accountNumber).not.toBe(
      config.payments?.bankAccounts.standard.accountNumber,
    );
    expect(config.payments?.wechat).toBeUndefined();
    expect(config.payments?.alipay).toBeUndefined();
  });

  it('reads bank accounts as JSON and the provider keys from files', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'app.pem'), 'APP KEY');
    await writeFile(path.join(dir, 'alipay.pem'), 'ALIPAY KEY');
    const config = loadConfig({
      DATA_DIR: dir,
      PAYMENT_EXPIRY_MINUTES: '30',
      PAYMENT_PUBLIC_URL: 'https://portal.example.com/',
      PAYMENT_BANK_ACCOUNT: JSON.stringify({ accountName: 'A', bankName: 'B', accountNumber: '1' }),
      ALIPAY_APP_ID: '2021',
      ALIPAY_PRIVATE_KEY_FILE: path.join(dir, 'app.pem'),
      ALIPAY_PUBLIC_KEY_FILE: path.join(dir, 'alipay.pem'),
    });
    expect(config.payments).toMatchObject({
      sandbox: false,
      expiryMinutes: 30,
      publicUrl: 'https://portal.example.com',
      bankAccounts: { standard: { accountName: 'A', bankName: 'B', accountNumber: '1' } },
      alipay: { appId: '2021', privateKey: 'APP KEY', alipayPublicKey: 'ALIPAY KEY' },
    });
  });

  it('turns the sandbox off by default once a real provider is configured, unless asked for', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'app.pem'), 'APP KEY');
    await writeFile(path.join(dir, 'alipay.pem'), 'ALIPAY KEY');
    const alipay = {
      DATA_DIR: dir,
      ALIPAY_APP_ID: '2021',
      ALIPAY_PRIVATE_KEY_FILE: path.join(dir, 'app.pem'),
      ALIPAY_PUBLIC_KEY_FILE: path.join(dir, 'alipay.pem'),
    };
    expect(loadConfig(alipay).payments?.sandbox).toBe(false);
    expect(loadConfig({ ...alipay, PAYMENT_SANDBOX: '1' }).payments?.sandbox).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, PAYMENT_SANDBOX: '0' }).payments?.sandbox).toBe(false);
  });

  it.each([
    [{ PAYMENT_BANK_ACCOUNT: 'not json' }, 'PAYMENT_BANK_ACCOUNT'],
    [{ PAYMENT_BANK_ACCOUNT_ONLINE: '{"accountName":"A"}' }, 'PAYMENT_BANK_ACCOUNT_ONLINE'],
    [{ PAYMENT_EXPIRY_MINUTES: '0' }, 'PAYMENT_EXPIRY_MINUTES'],
    [{ WECHATPAY_MCHID: '1900000001' }, 'WECHATPAY_APPID'],
    [{ ALIPAY_APP_ID: '2021' }, 'ALIPAY_PRIVATE_KEY_FILE'],
  ])('names the variable of a bad value: %o', async (env, name) => {
    const dir = await tempDir();
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(name);
  });
});
