import fs from 'node:fs';
import path from 'node:path';
import { outboxDir } from '../playwright.config';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The mails the server wrote to its outbox (no SMTP_URL), as `To:`, `Subject:`, a blank line, the text. */
export function outboxMails(): OutboxMail[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .sort()
    .map((file) => {
      const content = fs.readFileSync(path.join(outboxDir, file), 'utf8');
      const [head = '', ...body] = content.split('\n\n');
      const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(head)?.[1] ?? '';
      return { to: field('To'), subject: field('Subject'), text: body.join('\n\n') };
    });
}
