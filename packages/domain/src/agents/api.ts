import { z } from 'zod';
import type { DeadlineAlertLevel } from '../deadlines/alerts';
import type { Assert, SameType } from '../type-checks';

/**
 * The background agents (docs/reference/product.md §1, 3 and 7): what the server and the web app say about
 * them, the two log stores each user has, and the events the /agents socket sends.
 */

export const agentIds = [
  'token-keeper',
  'deadline-watcher',
  'sandbox-authoriser',
  'submission-checker',
  'authority-checker',
] as const;
export type AgentId = (typeof agentIds)[number];

/** docs/reference/product.md §3: an agent's status. 'running' and 'error' come from its work, the rest from an Admin. */
export const agentStatuses = ['idle', 'running', 'paused', 'error', 'disabled'] as const;
export type AgentStatus = (typeof agentStatuses)[number];

/** What an Admin may set: resume ('idle'), pause or disable. */
export const settableAgentStatuses = ['idle', 'paused', 'disabled'] as const;
export type SettableAgentStatus = (typeof settableAgentStatuses)[number];

export const setAgentStatusBodySchema = z.object({
  status: z.enum(settableAgentStatuses, {
    error: `status must be one of ${settableAgentStatuses.join(', ')} (idle resumes a paused or disabled agent)`,
  }),
});

export interface AgentInfo {
  id: AgentId;
  status: AgentStatus;
  /** When it last finished a run (ISO), if ever. */
  lastRunAt: string | null;
  /** When its schedule runs it next (ISO); null when it only runs on demand, or is paused or disabled. */
  nextRunAt: string | null;
  /** Why its last run failed, when it did. */
  lastError: string | null;
  /** The Admin who last paused, resumed or disabled it. */
  changedBy: string | null;
}

export const agentInfoSchema = z.object({
  id: z.enum(agentIds),
  status: z.enum(agentStatuses),
  lastRunAt: z.string().nullable(),
  nextRunAt: z.string().nullable(),
  lastError: z.string().nullable(),
  changedBy: z.string().nullable(),
});
export type AgentInfoSchemaMatches = Assert<SameType<z.infer<typeof agentInfoSchema>, AgentInfo>>;

export type LogLevel = 'info' | 'success' | 'warning' | 'error';

/** One step an agent reports to the user it acts for (the agent dialogue). */
export interface AgentLogEntry {
  id: string;
  at: string;
  agentId: AgentId;
  level: LogLevel;
  message: string;
}

/** One HMRC call made for the user (the VAT dialogue): no tokens, no bodies, no personal data but the VRN. */
export interface VatLogEntry {
  id: string;
  at: string;
  method: string;
  /** HMRC's path and query, e.g. /organisations/vat/123456789/obligations?status=O. */
  endpoint: string;
  /** HMRC's HTTP status; null when no answer came (time-out, network). */
  status: number | null;
  durationMs: number;
  correlationId: string | null;
  vrn: string | null;
  /** Why there was no answer, when there was none. */
  failure: string | null;
}

export const agentLogEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  agentId: z.enum(agentIds),
  level: z.enum(['info', 'success', 'warning', 'error']),
  message: z.string(),
});
export type AgentLogEntrySchemaMatches = Assert<SameType<z.infer<typeof agentLogEntrySchema>, AgentLogEntry>>;

export const vatLogEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  method: z.string(),
  endpoint: z.string(),
  status: z.number().int().nullable(),
  durationMs: z.number(),
  correlationId: z.string().nullable(),
  vrn: z.string().nullable(),
  failure: z.string().nullable(),
});
export type VatLogEntrySchemaMatches = Assert<SameType<z.infer<typeof vatLogEntrySchema>, VatLogEntry>>;

/** docs/reference/product.md §9: at most this many entries per store per user. */
export const MAX_STORED_LOG_ENTRIES = 1000;

/** A deadline warning the deadline watcher raises (toast and dashboard). */
export interface DeadlineAlertEvent {
  key: string;
  vrn: string;
  businessName: string;
  periodKey: string;
  start: string;
  end: string;
  due: string;
  level: DeadlineAlertLevel;
  daysLeft: number;
}

/** POST /api/authorize_user: run the sandbox authoriser for one of the user's sandbox users. */
export const authorizeUserBodySchema = z.object({
  userId: z.string().trim().min(1, 'User ID or Password is missing.').max(64),
  browser: z
    .string()
    .trim()
    .optional()
    .refine((value) => Boolean(value), { message: 'Please select a browser.' }),
});
