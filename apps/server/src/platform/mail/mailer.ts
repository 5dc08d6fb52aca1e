import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from '../../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * Mail goes out over SMTP when SMTP_URL is set. Without it (the embedded default), outside
 * production each mail is written as a text file to `outboxDir` (DATA_DIR/outbox, readable by the
 * server's user only), so someone running VAT Wise locally can still open a reset link; the log
 * names the file but never holds the mail, since its links are secrets. In production without
 * SMTP nothing is written: the log says the mail could not be sent, without its body.
 */
export function createMailer(config: Config['mail'], log: Logger, outboxDir?: string): Mailer {
  if (!config.smtpUrl) {
    return {
      async send(mail) {
        if (!outboxDir) {
          log.warn({ to: mail.to, subject: mail.subject }, 'mail not sent: SMTP_URL is not set');
          return;
        }
        await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
        const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.txt`);
        await fs.writeFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`, { mode: 0o600 });
        log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox (SMTP_URL is not set)');
      },
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text });
      log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
    },
  };
}
