import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { smtpSender } from './channels/email.ts';
import { tencentSms } from './channels/tencent-sms.ts';
import { enterOfficeAction, jobs, setContact, testWorker } from './test-helpers.ts';

/** A real SMTP server on a local port (nodemailer's smtp-server), keeping each message it receives, parsed. */
let server: SMTPServer;
let port: number;
const received: { to: string[]; mail: ParsedMail }[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (_auth, _session, callback) => callback(null, { user: 'mailer' }),
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let t: TestApp;
let reviewer: TestClient;
beforeEach(async () => {
  received.length = 0;
  t = await createTestApp();
  reviewer = await t.loggedIn('rev', 'reviewer');
  await t.user('alice', 'customer', 'Alice Ltd');
  await t.user('li', 'customer', 'Alice Ltd');
});
afterEach(() => t.close());

describe('email over SMTP', () => {
  it('sends each recipient a text and an HTML part in their own language', async () => {
    await setContact(t, 'alice', { email: 'alice@example.com', locale: 'en-US' });
    await setContact(t, 'li', { email: 'li@example.com', locale: 'zh-CN' });
    await enterOfficeAction(t, reviewer, 'alice', '2026-06-10');
    const email = smtpSender(`smtp://mailer:secret@127.0.0.1:${port}`, 'KXT <notify@kxt.example>');
    const worker = testWorker(t.ctx.db, { email });
    await worker.drain();
    await worker.stop();

    expect(received).toHaveLength(2);
    const english = received.find((message) => message.to.includes('alice@example.com'));
    const chinese = received.find((message) => message.to.includes('li@example.com'));
    expect(english?.mail.subject).toMatch(
      /^Office action on patent order P-TEST-(\d+) \/ PT-TEST-\1: reply by 2026-06-10$/,
    );
    expect(english?.mail.text).toContain('Upload your reply before 2026-06-10');
    expect(english?.mail.text).toMatch(/https:\/\/kxt\.example\/trademark\/patent\?keyword=PT-TEST-\d+\n/);
    expect(english?.mail.html).toContain('<html lang="en-US">');
    expect(english?.mail.html).toMatch(
      /href="https:\/\/kxt\.example\/trademark\/patent\?keyword=PT-TEST-\d+"/,
    );
    expect(english?.mail.from?.text).toContain('notify@kxt.example');
    expect(chinese?.mail.subject).toContain('收到审查意见，答复期限 2026-06-10');
    expect(chinese?.mail.text).toContain('请在 2026-06-10 前上传答复资料');
    expect(chinese?.mail.html).toContain('<html lang="zh-CN">');
    // The Message-ID comes from the idempotency key: a resend after a crash carries the same one.
    const rows = await jobs(t.ctx.db, 'email');
    expect(rows.map((row) => row.state)).toEqual(['sent', 'sent']);
    expect(received.map((message) => message.mail.messageId).sort()).toEqual(
      rows.map((row) => `<${row.key}@kxt.outbox>`).sort(),
    );
  });

  it('keeps the error and retries when the SMTP server cannot be reached', async () => {
    await setContact(t, 'alice', { email: 'alice@example.com' });
    await enterOfficeAction(t, reviewer, 'alice');
    const email = smtpSender('smtp://127.0.0.1:1', 'notify@kxt.example');
    const worker = testWorker(t.ctx.db, { email });
    await worker.drain();
    await worker.stop();
    const [job] = await jobs(t.ctx.db, 'email');
    expect(job).toMatchObject({ state: 'pending', attempts: 1 });
    expect(job?.last_error).toMatch(/ECONNREFUSED|connect/i);
  });
});

describe('Tencent Cloud SMS adapter', () => {
  const config = {
    secretId: 'id',
    secretKey: 'key',
    region: 'ap-guangzhou',
    sdkAppId: '1400000000',
    signName: '跨星通',
    templateId: '123456',
  };

  it('sends the text as the template parameter to an E.164 number', async () => {
    const calls: unknown[] = [];
    const provider = tencentSms(config, {
      async SendSms(request) {
        calls.push(request);
        return { SendStatusSet: [{ Code: 'Ok', SerialNo: 'serial-1' }] };
      },
    });
    expect(await provider.send('138 0000 0000', '答复期限 2026-06-10')).toEqual({ ref: 'serial-1' });
    expect(calls).toEqual([
      {
        PhoneNumberSet: ['+8613800000000'],
        SmsSdkAppId: '1400000000',
        SignName: '跨星通',
        TemplateId: '123456',
        TemplateParamSet: ['答复期限 2026-06-10'],
      },
    ]);
  });

  it('turns a refused send into an error the outbox keeps', async () => {
    const provider = tencentSms(config, {
      SendSms: async () => ({
        SendStatusSet: [{ Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'limit' }],
      }),
    });
    await expect(provider.send('+85291234567', 'x')).rejects.toThrow(/LimitExceeded/);
  });
});
