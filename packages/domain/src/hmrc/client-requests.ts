import { z } from 'zod';
import { isCalendarDate } from '../vat/dates';
import { hmrcUserIdSchema, vrnSchema } from './api';

/**
 * A tax agent's clients: the agent asks a client for authority to file its VAT returns
 * through HMRC's Agent Authorisation API, with the client's VRN and VAT registration date (HMRC's
 * "known fact"); the client follows HMRC's link and accepts or declines. Shared by the server's
 * routes and the web app's Clients screen.
 */

/**
 * Our names for HMRC's invitation statuses (Rejected is "declined"; Deauthorised is "ended"). An
 * accepted request also reads "ended" once HMRC says the relationship is gone (the client removed
 * the agent, or the agent ended it).
 */
export const clientRequestStatuses = ['pending', 'accepted', 'declined', 'expired', 'cancelled', 'ended'] as const;
export type ClientRequestStatus = (typeof clientRequestStatuses)[number];

export const clientRequestSchema = z.object({
  id: z.string(),
  vrn: z.string(),
  clientName: z.string().nullable(),
  registrationDate: z.string(),
  status: z.enum(clientRequestStatuses),
  /** The agent's HMRC authority (its test user id) and Agent Reference Number. */
  agentUserId: z.string(),
  arn: z.string(),
  /** HMRC's link for the client, while the request is pending. */
  link: z.string().nullable(),
  /** The last day the client can answer (HMRC: 21 days after the request). */
  expiresOn: z.string().nullable(),
  sentAt: z.string(),
  /** When HMRC recorded the client's answer, the expiry or the cancellation. */
  answeredAt: z.string().nullable(),
  /** The client is one of the agent's businesses in VAT Wise (after it accepted). */
  businessConnected: z.boolean(),
  /** Earlier requests for the same VRN, newest first: the list shows each client once, the latest leading. */
  earlier: z
    .array(
      z.object({
        id: z.string(),
        status: z.enum(clientRequestStatuses),
        sentAt: z.string(),
        answeredAt: z.string().nullable(),
      }),
    )
    .optional(),
});
export type ClientRequest = z.infer<typeof clientRequestSchema>;

/** An agent services account VAT Wise holds authority for. */
export const agentAuthoritySchema = z.object({ userId: z.string(), arn: z.string(), name: z.string() });
export type AgentAuthority = z.infer<typeof agentAuthoritySchema>;

export const clientRequestListSchema = z.object({
  agents: z.array(agentAuthoritySchema),
  requests: z.array(clientRequestSchema),
  /** When HMRC was last asked for the requests' statuses. */
  checkedAt: z.string().nullable(),
});
export type ClientRequestList = z.infer<typeof clientRequestListSchema>;

export const addClientBodySchema = z.object({
  /** The agent's HMRC authority to ask with. */
  userId: hmrcUserIdSchema,
  vrn: vrnSchema,
  registrationDate: z
    .string()
    .refine(isCalendarDate, { message: 'Enter the VAT registration date as a real date (YYYY-MM-DD)' }),
  name: z.string().trim().max(160).optional(),
});
export type AddClientBody = z.input<typeof addClientBodySchema>;

export const clientRequestIdParamsSchema = z.object({ id: z.string().uuid() });

/** The statuses after which the client can be asked again, with the same VRN and registration date. */
export const askAgainStatuses: readonly ClientRequestStatus[] = ['declined', 'expired', 'cancelled', 'ended'];

export const clientRequestsQuerySchema = z.object({
  /** Ask HMRC now, whenever it was last asked. */
  refresh: z.enum(['true', 'false']).optional(),
});

/** Sandbox only: a new Organisation test user to act as a client, with what the agent must type. */
export const testClientSchema = z.object({
  userId: z.string(),
  vrn: z.string(),
  registrationDate: z.string(),
  name: z.string(),
});
export type TestClient = z.infer<typeof testClientSchema>;

/** HMRC's two declarations before a return is sent: the business's own, and an agent's for a client. */
export const agentDeclarationText =
  'I confirm that my client has received a copy of the information contained in this return and approved the information as being correct and complete to the best of their knowledge and belief.';
