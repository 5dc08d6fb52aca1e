import { z } from 'zod';
import { vrnSchema } from '../hmrc/api';
import type { Assert, SameType } from '../type-checks';
import { type LlmSelection, llmSelections } from './llm';

/**
 * The tax assistant's API (docs/reference/product.md §7, under /taxgpt/api), shared by server and web: models,
 * conversations, messages with their sources, and the events an answer streams as.
 */

export const llmSelectionSchema = z.enum(llmSelections);

export interface ModelInfo {
  id: LlmSelection;
  configured: boolean;
  /** Why it cannot be used, when it cannot. */
  reason: string | null;
  /** The model name in use, when configured. */
  model: string | null;
}

/** A passage an answer rests on, numbered as the answer cites it ([1], [2]…). */
export interface Source {
  n: number;
  passageId: string;
  title: string;
  url: string;
  appliesFrom: string | null;
}

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  sources: Source[];
  /** 'stopped': the user stopped it; 'failed': the model failed. What had arrived is kept. */
  status: 'complete' | 'stopped' | 'failed';
  llm: LlmSelection | null;
  createdAt: string;
}

export interface ConversationSummary {
  id: string;
  title: string;
  llm: LlmSelection;
  createdAt: string;
  updatedAt: string;
}

export interface Conversation extends ConversationSummary {
  messages: ChatMessage[];
}

// The replies' schemas, each checked against the type it describes.
export const modelInfoSchema = z.object({
  id: llmSelectionSchema,
  configured: z.boolean(),
  reason: z.string().nullable(),
  model: z.string().nullable(),
});
export type ModelInfoSchemaMatches = Assert<SameType<z.infer<typeof modelInfoSchema>, ModelInfo>>;

export const sourceSchema = z.object({
  n: z.number().int(),
  passageId: z.string(),
  title: z.string(),
  url: z.string(),
  appliesFrom: z.string().nullable(),
});
export type SourceSchemaMatches = Assert<SameType<z.infer<typeof sourceSchema>, Source>>;

export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  sources: z.array(sourceSchema),
  status: z.enum(['complete', 'stopped', 'failed']),
  llm: llmSelectionSchema.nullable(),
  createdAt: z.string(),
});
export type ChatMessageSchemaMatches = Assert<SameType<z.infer<typeof chatMessageSchema>, ChatMessage>>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  llm: llmSelectionSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConversationSummarySchemaMatches = Assert<
  SameType<z.infer<typeof conversationSummarySchema>, ConversationSummary>
>;

export const conversationSchema = conversationSummarySchema.extend({ messages: z.array(chatMessageSchema) });
export type ConversationSchemaMatches = Assert<SameType<z.infer<typeof conversationSchema>, Conversation>>;

export const sendMessageBodySchema = z.object({
  text: z.string().trim().min(1, 'Ask a question').max(4000, 'A question has at most 4,000 characters'),
  /** The user agreed that the assistant may read their own VAT data for this business. */
  useMyData: z.boolean().default(false),
  vrn: vrnSchema.optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

/** What an answer streams as: one JSON object per line (application/x-ndjson). */
export type StreamEvent =
  | { type: 'start'; question: ChatMessage; answerId: string; llm: LlmSelection }
  | { type: 'notice'; message: string }
  | { type: 'sources'; sources: Source[] }
  | { type: 'delta'; text: string }
  | { type: 'done'; answer: ChatMessage; conversation: ConversationSummary }
  | { type: 'error'; code: string; message: string; answer: ChatMessage };

/** Shown with every answer. */
export const guidanceNotice = 'VAT Wise gives guidance, not professional advice.';
