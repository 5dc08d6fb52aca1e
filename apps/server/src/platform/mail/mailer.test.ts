import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

  it('without SMTP, writes the mail to the outbox folder and only its file name to the log', async () => {
    const { log, text } = memoryLog();
    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'vatwise-outbox-'));
    try {
      await createMailer({ smtpUrl: undefined, from: 'x' }, log, outbox).send({
        to: 'a@example.com',
        subject: 'Hi',
        text: 'Link: http://localhost:3000/x',
      });
      const [file] = fs.readdirSync(outbox);
      const written = path.join(outbox, file ?? '');
      expect(fs.readFileSync(written, 'utf8')).toBe(
        'To: a@example.com\nSubject: Hi\n\nLink: http://localhost:3000/x\n',
      );
      expect(fs.statSync(written).mode & 0o777).toBe(0o600);
      expect(text()).toContain(written);
      expect(text()).not.toContain('http://localhost:3000/x');
    } finally {
      fs.rmSync(outbox, { recursive: true, force: true });
    }
  });

  it('in production without SMTP, writes the mail nowhere and never logs its link', async () => {
    const { log, text } = memoryLog();
    await createMailer({ smtpUrl: undefined, from: 'x' }, log).send({
      to: 'a@example.com',
      subject: 'Reset your VAT Wise password',
      text: 'Link: https://vat.example/reset/secret-token',
    });
    expect(text()).toContain('mail not sent: SMTP_URL is not set');
    expect(text()).not.toContain('secret-token');
  });
});
