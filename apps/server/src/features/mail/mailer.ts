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
 * Mail goes out over SMTP when SMTP_URL is set. Without it (the embedded default) each mail,
 * link included, is written to the server log, so someone running VAT Wise locally can still
 * reset a password.
 */
export function createMailer(config: Config['mail'], log: Logger): Mailer {
  if (!config.smtpUrl) {
    return {
      async send(mail) {
        log.info(
          { mail: { to: mail.to, subject: mail.subject, body: mail.text } },
          `mail (not sent: SMTP_URL is not set)`,
        );
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
