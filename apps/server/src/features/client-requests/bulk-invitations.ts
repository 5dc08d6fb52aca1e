import {
  type BulkInvitationAnswer,
  type BulkInvitationBody,
  type BulkInvitationResult,
  bulkInvitationAnswerSchema,
  bulkInvitationBodySchema,
  isCalendarDate,
  maxInvitationRows,
  vrnSchema,
} from '@vatwise/domain';
import type { FraudHeaders } from '@vatwise/hmrc';
import { parse } from 'csv-parse/sync';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountHolders, assertPracticeMay, currentUser, type SessionUser } from '../../plugins/access';
import { AppError } from '../../plugins/errors';
import type { FraudHeaderSource } from '../hmrc-connection';
import type { ClientRequestService } from './service';

/**
 * Inviting many clients at once from a CSV (VRN, registration date, name, e-mail): each row is
 * checked, then asked of HMRC one after another through ClientRequestService.create (the HMRC
 * client keeps HMRC's pace), and each row gets its own outcome: sent with the client's link, or
 * refused with the reason. A preview checks the rows without asking HMRC.
 */

/** Where an invited client's address is kept (the practice's clients). */
export interface ClientContacts {
  saveEmail(workspaceId: string, vrn: string, email: string): Promise<void>;
}

const headings: Record<'vrn' | 'date' | 'name' | 'email', string[]> = {
  vrn: ['vrn', 'vatnumber', 'vatno', 'vatregistrationnumber'],
  date: ['registrationdate', 'vatregistrationdate', 'dateofregistration', 'regdate', 'effectivedateofregistration'],
  name: ['name', 'clientname', 'businessname'],
  email: ['email', 'emailaddress', 'clientemail', 'mail'],
};
const squeeze = (heading: string) => heading.toLowerCase().replace(/[^a-z]/g, '');

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
export const dateFormatHelp = 'Write the registration date day first (31/01/2020) or as 2020-01-31.';

/**
 * A registration date as YYYY-MM-DD, from the ways spreadsheets write it: 2020-01-31, 2020/01/31,
 * 31/01/2020, 31-01-2020, 31.01.2020 (day first, as in the UK) or 31 Jan 2020; null otherwise.
 */
export function readRegistrationDate(text: string): string | null {
  const value = text.trim();
  const yearFirst = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value);
  const dayFirst = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value);
  const named = /^(\d{1,2})[\s-]+([a-z]{3})[a-z]*[\s-]+(\d{4})$/i.exec(value);
  let parts: string[] | null = null;
  if (yearFirst) parts = [yearFirst[1] ?? '', yearFirst[2] ?? '', yearFirst[3] ?? ''];
  else if (dayFirst) parts = [dayFirst[3] ?? '', dayFirst[2] ?? '', dayFirst[1] ?? ''];
  else if (named) {
    const month = months.indexOf((named[2] ?? '').toLowerCase()) + 1;
    if (month > 0) parts = [named[3] ?? '', String(month), named[1] ?? ''];
  }
  if (!parts) return null;
  const [year = '', month = '', day = ''] = parts;
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDate(date) ? date : null;
}

interface CsvClient {
  row: number;
  vrn: string;
  registrationDate: string;
  name: string;
  email: string;
  /** Why the row cannot be sent, before HMRC is asked. */
  problem: string | null;
}

const emailSchema = z.string().email();

/** The CSV's rows, each checked; refuses a file that has no such columns or too many rows. */
export function readClientCsv(text: string): CsvClient[] {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = [',', ';', '\t'].sort((a, b) => firstLine.split(b).length - firstLine.split(a).length)[0];
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch {
    throw new AppError('CLIENT_LIST_UNREADABLE');
  }
  const [header, ...rows] = records;
  if (!header) throw new AppError('CLIENT_LIST_UNREADABLE');
  const names = header.record.map(squeeze);
  const column = (key: keyof typeof headings) => names.findIndex((name) => headings[key].includes(name));
  const at = { vrn: column('vrn'), date: column('date'), name: column('name'), email: column('email') };
  if (at.vrn < 0 || at.date < 0) throw new AppError('CLIENT_LIST_UNREADABLE');
  const filled = rows.filter(({ record }) => record.some((cell) => cell !== ''));
  if (filled.length === 0)
    throw new AppError('CLIENT_LIST_UNREADABLE', 'The client list has no clients under its header row.');
  if (filled.length > maxInvitationRows) throw new AppError('CLIENT_LIST_TOO_LONG');

  const seen = new Map<string, number>();
  return filled.map(({ record, info }) => {
    const cell = (index: number) => (index >= 0 ? (record[index] ?? '') : '');
    const written = { vrn: cell(at.vrn), date: cell(at.date), name: cell(at.name), email: cell(at.email) };
    const vrn = vrnSchema.safeParse(written.vrn);
    const date = readRegistrationDate(written.date);
    const client: CsvClient = {
      row: info.lines,
      vrn: vrn.success ? vrn.data : written.vrn,
      registrationDate: date ?? written.date,
      name: written.name.slice(0, 160),
      email: written.email,
      problem: null,
    };
    const earlier = vrn.success ? seen.get(vrn.data) : undefined;
    if (!written.vrn) client.problem = 'The VRN is missing.';
    else if (!vrn.success) client.problem = `The VRN is not valid: ${vrn.error.issues[0]?.message ?? 'check it'}.`;
    else if (earlier !== undefined) client.problem = `This VRN is also on row ${earlier}: each client once.`;
    else if (!written.date) client.problem = 'The registration date is missing.';
    else if (!date) client.problem = `The registration date “${written.date}” cannot be read. ${dateFormatHelp}`;
    else if (written.email && !emailSchema.safeParse(written.email).success) {
      client.problem = `The e-mail address “${written.email}” is not valid.`;
    }
    if (vrn.success && earlier === undefined) seen.set(vrn.data, info.lines);
    return client;
  });
}

export class BulkInvitationService {
  constructor(
    private readonly deps: { clientRequests: ClientRequestService; contacts: ClientContacts; log: FastifyBaseLogger },
  ) {}

  async invite(user: SessionUser, fraudHeaders: FraudHeaders, body: BulkInvitationBody): Promise<BulkInvitationAnswer> {
    assertPracticeMay(user, 'askClients');
    const clients = readClientCsv(body.csv);
    const results: BulkInvitationResult[] = [];
    for (const client of clients) {
      const result: BulkInvitationResult = {
        row: client.row,
        vrn: client.vrn,
        registrationDate: client.registrationDate,
        name: client.name,
        email: client.email,
        outcome: client.problem ? 'refused' : 'ready',
        reason: client.problem,
        code: client.problem ? 'VALIDATION_FAILED' : null,
        link: null,
      };
      if (!client.problem && !body.preview)
        Object.assign(result, await this.send(user, fraudHeaders, body.userId, client));
      results.push(result);
    }
    return {
      results,
      sent: results.filter((result) => result.outcome === 'sent').length,
      refused: results.filter((result) => result.outcome === 'refused').length,
    };
  }

  private async send(
    user: SessionUser,
    fraudHeaders: FraudHeaders,
    userId: string,
    client: CsvClient,
  ): Promise<Partial<BulkInvitationResult>> {
    try {
      const created = await this.deps.clientRequests.create(user, fraudHeaders, {
        userId,
        vrn: client.vrn,
        registrationDate: client.registrationDate,
        name: client.name || undefined,
      });
      if (client.email) {
        await this.deps.contacts
          .saveEmail(user.workspaceId, client.vrn, client.email)
          .catch((error: unknown) => this.deps.log.warn({ err: error }, 'an invited client’s address was not kept'));
      }
      return { outcome: 'sent', link: created.link };
    } catch (error) {
      if (error instanceof AppError) return { outcome: 'refused', reason: error.message, code: error.code };
      this.deps.log.warn({ err: error, vrn: client.vrn }, 'inviting a client from a CSV failed');
      return {
        outcome: 'refused',
        reason: 'HMRC could not be asked for this client just now. Try this row again later.',
        code: 'HMRC_UNAVAILABLE',
      };
    }
  }
}

export interface BulkInvitationRouteOptions {
  bulkInvitations: BulkInvitationService;
  fraud: FraudHeaderSource;
}

/** POST /api/client_requests/bulk: the CSV's text as JSON; `preview` checks the rows only. */
export async function bulkInvitationRoutes(app: FastifyInstance, options: BulkInvitationRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/client_requests/bulk',
    {
      config: accountHolders,
      schema: { body: bulkInvitationBodySchema, response: { 200: bulkInvitationAnswerSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      return options.bulkInvitations.invite(user, await options.fraud.forRequest(request, user), request.body);
    },
  );
}
