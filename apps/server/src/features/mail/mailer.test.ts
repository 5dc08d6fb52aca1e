import { describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { startSmtpServer } from '../../test/smtp-server';
import { Writable } from 'node:stream';
import { createMailer } from './mailer';

function memoryLog() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: createLogger('info', sink), text: () => lines.join('') };
}

describe('mailer', () => {
  it('sends over SMTP when SMTP_URL is set', async () => {
    const smtp = await startSmtpServer();
    try {
      const { log } = memoryLog();
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'VAT Wise <vat@example.com>' }, log);
      await mailer.send({
        to: 'someone@example.com',
        subject: 'Reset your VAT Wise password',
        text: 'Open https://vat.example/reset',
      });
      expect(smtp.mails).toEqual([
        {
          to: 'someone@example.com',
          subject: 'Reset your VAT Wise password',
          text: 'Open https://vat.example/reset\n',
        },
      ]);
    } finally {
      await smtp.stop();
    }
  });

  it('writes the mail, link included, to the log when SMTP is not configured', async () => {
    const { log, text } = memoryLog();
    await createMailer({ smtpUrl: undefined, from: 'x' }, log).send({
      to: 'a@example.com',
      subject: 'Hi',
      text: 'Link: http://localhost:3000/x',
    });
    expect(text()).toContain('http://localhost:3000/x');
    expect(text()).toContain('SMTP_URL is not set');
  });
});
