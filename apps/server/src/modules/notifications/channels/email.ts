import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailContent } from '../render.ts';

/** One email channel: sends a rendered email and answers the server's message id. */
export interface EmailSender {
  send(to: string, content: EmailContent, messageId: string): Promise<{ ref: string }>;
  close(): void;
}

/**
 * Email over SMTP (`SMTP_URL`, `MAIL_FROM`) with nodemailer: one pooled connection set, so a burst of messages does
 * not open a connection each. The Message-ID is derived from the job's idempotency key: a message sent again after a
 * crash between sending and recording carries the same id, which mail systems use to drop the duplicate.
 */
export function smtpSender(url: string, from: string): EmailSender {
  // The URL's settings (host, port, credentials, TLS) win; pooling is ours.
  const transport: Transporter = nodemailer.createTransport({ url, pool: true, maxConnections: 4 });
  return {
    async send(to, content, messageId) {
      const info = await transport.sendMail({
        from,
        to,
        subject: content.subject,
        text: content.text,
        html: content.html,
        messageId,
      });
      return { ref: String(info.messageId ?? messageId) };
    },
    close: () => transport.close(),
  };
}
