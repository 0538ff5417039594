import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { scheduleSweep } from '../deadlines/sweep.ts';
import type { EmailSender } from './channels/email.ts';
import { smtpSender } from './channels/email.ts';
import { type SmsProvider, sandboxSms } from './channels/sms.ts';
import { tencentSms } from './channels/tencent-sms.ts';
import { defaultNotifyConfig, type NotifyConfig } from './config.ts';
import { fanOut } from './fan-out.ts';
import { claimJobs, completeJob, failJob, type OutboxJob } from './outbox.ts';
import type { EmailContent } from './render.ts';

export interface Channels {
  email?: EmailSender;
  sms: SmsProvider;
}

export interface WorkerOptions {
  db: Kysely<DB>;
  channels: Channels;
  config: NotifyConfig;
  baseUrl: string;
  /** This worker's name in the leases it holds. */
  owner?: string;
  log?: (message: string) => void;
  /** Jobs claimed per round. */
  batch?: number;
  /** Messages sent at once within a round (SMTP round trips overlap). */
  concurrency?: number;
}

/** The channels a configuration asks for: SMTP when set, Tencent Cloud SMS when configured, else the sandbox. */
export function channelsFor(config: NotifyConfig, log?: (line: string) => void): Channels {
  return {
    ...(config.smtp ? { email: smtpSender(config.smtp.url, config.smtp.from) } : {}),
    sms: config.sms.provider === 'tencent' ? tencentSms(config.sms.tencent) : sandboxSms(log),
  };
}

export const baseUrlOf = (config: Config) =>
  config.notify?.publicUrl ?? config.payments?.publicUrl ?? `http://localhost:${config.port}`;

/**
 * Runs the outbox: fans events out to notifications and messages, then sends the messages. Several workers (in one
 * or several processes) may run against one database; claims are compare-and-set with a lease, so each job is run by
 * one of them at a time, and a job whose worker died is taken up again when its lease runs out.
 */
export class OutboxWorker {
  readonly owner: string;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(private readonly options: WorkerOptions) {
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  /** One round: claims and runs what is due; answers how many jobs it ran. Tests call it directly. */
  async runOnce(now: () => Date = () => new Date()): Promise<number> {
    const [events, messages] = await Promise.all([this.runEvents(now), this.runMessages(now)]);
    return events + messages;
  }

  /**
   * Runs rounds until nothing is due (tests, the bench, each poll). Fan-out and sending run side by side, so in-app
   * notifications do not wait behind a slow mail server; a last pass picks up messages the fan-out queued.
   */
  async drain(now: () => Date = () => new Date()): Promise<void> {
    const untilIdle = async (round: () => Promise<number>) => {
      while ((await round()) > 0) {}
    };
    await Promise.all([untilIdle(() => this.runEvents(now)), untilIdle(() => this.runMessages(now))]);
    await untilIdle(() => this.runOnce(now));
  }

  private async runEvents(now: () => Date): Promise<number> {
    const { db, config } = this.options;
    const events = await claimJobs(db, this.owner, now(), config.leaseMs, this.options.batch ?? 100, [
      'event',
    ]);
    for (const job of events) await this.runEvent(job, now);
    return events.length;
  }

  /** Sends up to `concurrency` messages at a time: SMTP and SMS round trips overlap. */
  private async runMessages(now: () => Date): Promise<number> {
    const { db, config } = this.options;
    const messages = await claimJobs(db, this.owner, now(), config.leaseMs, this.options.batch ?? 100, [
      'email',
      'sms',
    ]);
    let next = 0;
    await Promise.all(
      Array.from({ length: this.options.concurrency ?? 4 }, async () => {
        while (next < messages.length) {
          const job = messages[next++] as OutboxJob;
          await this.runMessage(job, now);
        }
      }),
    );
    return messages.length;
  }

  private async runEvent(job: OutboxJob, now: () => Date) {
    const { db, config } = this.options;
    try {
      await db.transaction().execute(async (trx) => {
        await fanOut(trx, job, {
          emailOn: Boolean(this.options.channels.email),
          baseUrl: this.options.baseUrl,
          now: now(),
          deadlines: config,
        });
        // The fan-out counts only with its event marked done; a lost claim undoes it (the new owner does it).
        if (!(await completeJob(trx, job, now()))) throw new LostClaim();
      });
    } catch (error) {
      if (error instanceof LostClaim) return;
      this.options.log?.(`outbox event ${job.id} failed: ${String(error)}`);
      await failJob(db, job, now(), error, config.maxAttempts);
    }
  }

  private async runMessage(job: OutboxJob, now: () => Date) {
    const { db, config, channels } = this.options;
    let result: { ref: string };
    try {
      const payload = JSON.parse(job.payload) as EmailContent & { text: string };
      if (job.kind === 'email') {
        if (!channels.email) throw new Error('email is not configured (SMTP_URL)');
        result = await channels.email.send(job.recipient ?? '', payload, `<${job.key}@kxt.outbox>`);
      } else {
        result = await channels.sms.send(job.recipient ?? '', payload.text);
      }
    } catch (error) {
      const outcome = await failJob(db, job, now(), error, config.maxAttempts);
      this.options.log?.(`outbox ${job.kind} ${job.id} ${outcome}: ${String(error)}`);
      return;
    }
    const provider = job.kind === 'email' ? 'smtp' : channels.sms.name;
    await completeJob(db, job, now(), { provider, providerRef: result.ref });
  }

  /** Polls every `pollMs` until stopped; first queues today's deadline run (once across processes). */
  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.running = this.drain()
        .catch((error: unknown) => this.options.log?.(`outbox round failed: ${String(error)}`))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.options.config.pollMs);
        });
    };
    this.running = scheduleSweep(this.options.db, new Date())
      .catch((error: unknown) => this.options.log?.(`deadline run not queued: ${String(error)}`))
      .finally(tick);
  }

  /** Stops polling and waits for the round in progress; closes the SMTP pool. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    this.options.channels.email?.close();
  }
}

class LostClaim extends Error {}

/** The worker a server process runs with its configuration (main.ts), or undefined when NOTIFY_WORKER=0. */
export function workerFor(
  db: Kysely<DB>,
  config: Config,
  log: (line: string) => void,
): OutboxWorker | undefined {
  const notify = config.notify ?? defaultNotifyConfig();
  if (!notify.worker) return undefined;
  return new OutboxWorker({
    db,
    config: notify,
    channels: channelsFor(notify, log),
    baseUrl: baseUrlOf(config),
    log,
  });
}
