import { randomBytes, randomUUID } from 'node:crypto';
import {
  type ClientAnswer,
  type ClientApprovalPage,
  type ClientApproveBody,
  type ClientQueryBody,
  clientApprovalLinkDays,
  type NineBoxes,
  type SentClientApproval,
} from '@vatwise/domain';
import type { SessionUser } from '../../../plugins/access';
import { AppError } from '../../../plugins/errors';
import type { Mailer } from '../../../platform/mail';
import type { ActivityLog } from '../../practice';
import type { ReturnRow } from '../return-row';
import { boxesFingerprint, tokenHash } from './fingerprint';
import type { ClientApprovalHooks } from './hooks';
import type { ClientApprovalRepo, ClientApprovalRow } from './repo';

/** Where the client's answer came from, as the request tells it. */
export interface ClientOrigin {
  ip: string;
  userAgent: string | null;
}

export interface ClientApprovalServiceDeps {
  repo: ClientApprovalRepo;
  hooks: ClientApprovalHooks;
  /** The return and its boxes as they stand now, read without a session. */
  currentFigures(ownerId: string, returnId: string): Promise<{ row: ReturnRow; boxes: NineBoxes } | null>;
  activity: ActivityLog;
  businessName(ownerId: string, vrn: string): Promise<string>;
  practiceName(ownerId: string): Promise<string>;
  mailer: Mailer;
  /** The app's own address (PUBLIC_URL): the link is built from it, never from a request's host. */
  publicUrl: string;
  now?: () => Date;
}

const dayMs = 24 * 60 * 60 * 1000;
const open = (row: ReturnRow) => row.status === 'draft' || row.status === 'failed';
const periodOf = (row: ReturnRow) => `Return ${row.period_start} to ${row.period_end}`;

/**
 * The client's approval of a return's figures (docs/practice.md): the practice sends a link; the
 * client, with no account, reads the boxes and approves them or asks a question. The token is 32
 * random bytes; only its SHA-256 is stored, so reading the table opens no return.
 */
export class ClientApprovalService {
  private readonly now: () => Date;

  constructor(private readonly deps: ClientApprovalServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** A new link for the return (an earlier unanswered one stops working), mailed when an address is given. */
  async send(user: SessionUser, returnId: string, email: string | undefined): Promise<SentClientApproval> {
    if (!user.practice) throw new AppError('NOT_IN_A_PRACTICE');
    const figures = await this.deps.currentFigures(user.workspaceId, returnId);
    if (!figures) throw new AppError('RETURN_NOT_FOUND');
    const { row, boxes } = figures;
    if (!open(row)) throw new AppError('RETURN_LOCKED');
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const expiresAt = new Date(now.getTime() + clientApprovalLinkDays * dayMs).toISOString();
    await this.deps.repo.insert({
      id: randomUUID(),
      owner_id: row.owner_id,
      vrn: row.vrn,
      return_id: row.id,
      token_hash: tokenHash(token),
      sent_to: email ?? null,
      sent_by_id: user.id,
      sent_by_name: user.name || user.email,
      sent_at: now.toISOString(),
      expires_at: expiresAt,
      status: 'sent',
      client_name: null,
      answered_at: null,
      question: null,
      boxes_fingerprint: null,
      boxes: null,
      client_ip: null,
      client_user_agent: null,
    });
    const link = `${this.deps.publicUrl}/approve/${token}`;
    if (email) {
      const business = await this.deps.businessName(row.owner_id, row.vrn);
      await this.deps.mailer.send({
        to: email,
        subject: `Please approve the VAT return of ${business} for ${row.period_start} to ${row.period_end}`,
        text:
          `${user.practice.name} has prepared the VAT return of ${business} (VRN ${row.vrn}) for ` +
          `${row.period_start} to ${row.period_end}.\n\nRead its figures and approve them, or ask a question, here:\n` +
          `${link}\n\nThe link works until ${expiresAt.slice(0, 10)}. You need no account.`,
      });
    }
    await this.deps.activity.record(
      user,
      row.vrn,
      'client_approval_sent',
      `${periodOf(row)}${email ? `, to ${email}` : ''}`,
    );
    return { link, approval: await this.deps.hooks.stateOf(row, boxes) };
  }

  /** What the client's page shows: that return's business, period and boxes, and nothing more. */
  async page(token: string): Promise<ClientApprovalPage> {
    const { link, row, boxes } = await this.usable(token);
    return {
      practiceName: await this.deps.practiceName(row.owner_id),
      businessName: await this.deps.businessName(row.owner_id, row.vrn),
      vrn: row.vrn,
      periodStart: row.period_start,
      periodEnd: row.period_end,
      due: row.due,
      boxes,
      fingerprint: boxesFingerprint(boxes),
      expiresAt: link.expires_at,
    };
  }

  /** The client approves the figures they read (the fingerprint their page was given). */
  async approve(token: string, body: ClientApproveBody, origin: ClientOrigin): Promise<ClientAnswer> {
    const { link, row, boxes } = await this.usable(token);
    const fingerprint = boxesFingerprint(boxes);
    if (fingerprint !== body.fingerprint) throw new AppError('CLIENT_FIGURES_CHANGED');
    const at = this.now().toISOString();
    await this.answer(link, {
      status: 'approved',
      client_name: body.name,
      answered_at: at,
      question: null,
      boxes_fingerprint: fingerprint,
      boxes: JSON.stringify(boxes),
      client_ip: origin.ip,
      client_user_agent: origin.userAgent?.slice(0, 500) ?? null,
    });
    await this.deps.activity.recordForWorkspace(row.owner_id, row.vrn, 'client_approved', body.name, periodOf(row));
    return { state: 'approved', at };
  }

  /** The client asks a question instead: the practice sees it on the return and sends a new link once answered. */
  async query(token: string, body: ClientQueryBody, origin: ClientOrigin): Promise<ClientAnswer> {
    const { link, row, boxes } = await this.usable(token);
    const at = this.now().toISOString();
    await this.answer(link, {
      status: 'queried',
      client_name: body.name,
      answered_at: at,
      question: body.question,
      boxes_fingerprint: boxesFingerprint(boxes),
      boxes: JSON.stringify(boxes),
      client_ip: origin.ip,
      client_user_agent: origin.userAgent?.slice(0, 500) ?? null,
    });
    await this.deps.activity.recordForWorkspace(
      row.owner_id,
      row.vrn,
      'client_queried',
      body.name,
      `${periodOf(row)}: ${body.question}`.slice(0, 200),
    );
    return { state: 'queried', at };
  }

  private async answer(link: ClientApprovalRow, fields: Parameters<ClientApprovalRepo['answer']>[1]): Promise<void> {
    // Two answers at once: the first stored wins, the other reads as a used link.
    if (!(await this.deps.repo.answer(link.id, fields))) throw new AppError('CLIENT_LINK_USED');
  }

  /** The link's return, if the link may still be answered; otherwise a refusal that says why. */
  private async usable(token: string): Promise<{ link: ClientApprovalRow; row: ReturnRow; boxes: NineBoxes }> {
    const link = token.length <= 100 ? await this.deps.repo.byTokenHash(tokenHash(token)) : undefined;
    if (!link) throw new AppError('CLIENT_LINK_UNKNOWN');
    if (link.status === 'voided') throw new AppError('CLIENT_LINK_VOIDED');
    if (link.status !== 'sent') throw new AppError('CLIENT_LINK_USED');
    if (link.expires_at <= this.now().toISOString()) throw new AppError('CLIENT_LINK_EXPIRED');
    const figures = await this.deps.currentFigures(link.owner_id, link.return_id);
    // The return was discarded or filed: nothing is left to approve.
    if (!figures || !open(figures.row)) throw new AppError('CLIENT_LINK_VOIDED');
    return { link, ...figures };
  }
}
