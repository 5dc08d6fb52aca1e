import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import type { LlmSelection } from '@vatwise/domain';
import { APICallError, type LanguageModel, RetryError, type Tool, tool } from 'ai';
import { z } from 'zod';
import type { AssistantConfig } from '../../config';
import type { ModelFailure } from './models';
import type { UserData } from './user-data';

/**
 * Calling a language model through the AI SDK. The service loads this module only when a question
 * goes to a model: the SDK and its providers took a fifth of every server start. OpenAI and
 * OpenAI-compatible servers are reached through the Chat Completions API, which Ollama, vLLM and
 * LM Studio also serve. API keys stay here: never in a response, never in a log.
 */
export { stepCountIs, streamText } from 'ai';

export interface ConfiguredModel {
  id: Exclude<LlmSelection, 'Built-in'>;
  model: LanguageModel;
  name: string;
}

export function modelFor(config: AssistantConfig, selection: LlmSelection): ConfiguredModel | undefined {
  if (selection === 'OpenAI' && config.openai) {
    const openai = createOpenAI({
      apiKey: config.openai.apiKey,
      ...(config.openai.baseUrl ? { baseURL: config.openai.baseUrl } : {}),
    });
    return { id: 'OpenAI', model: openai.chat(config.openai.model), name: config.openai.model };
  }
  if (selection === 'Anthropic' && config.anthropic) {
    const anthropic = createAnthropic({ apiKey: config.anthropic.apiKey });
    return { id: 'Anthropic', model: anthropic(config.anthropic.model), name: config.anthropic.model };
  }
  if (selection === 'OpenAI-compatible' && config.openaiCompatible) {
    const compatible = createOpenAI({
      name: 'openai-compatible',
      baseURL: config.openaiCompatible.baseUrl,
      // Local servers usually need no key, but the SDK insists on one.
      apiKey: config.openaiCompatible.apiKey ?? 'not-needed',
    });
    return {
      id: 'OpenAI-compatible',
      model: compatible.chat(config.openaiCompatible.model),
      name: config.openaiCompatible.model,
    };
  }
  return undefined;
}

/** What went wrong with a model call, in a word the user's message is chosen by. */
export function classifyFailure(error: unknown): ModelFailure {
  // Retried calls fail with a RetryError that carries the last attempt's error.
  const last = RetryError.isInstance(error) ? error.lastError : undefined;
  const cause = error instanceof Error && error.cause ? error.cause : undefined;
  for (const candidate of [error, last, cause]) {
    if (APICallError.isInstance(candidate)) {
      if (candidate.statusCode === 401 || candidate.statusCode === 403) return 'BAD_API_KEY';
      if (candidate.statusCode === 429) return 'RATE_LIMITED';
      if (candidate.statusCode === undefined) return 'UNREACHABLE';
    }
    if (candidate instanceof Error && (candidate.name === 'TimeoutError' || /timed? ?out/i.test(candidate.message))) {
      return 'TIMEOUT';
    }
  }
  return 'FAILED';
}

/** The same reads as AI SDK tools, for models that call tools. Money is in pence in the results. */
export function userDataTools(data: UserData): Record<string, Tool> {
  const noInput = z.object({});
  return {
    openObligations: tool({
      description: `The VAT returns HMRC is waiting for from the user's business (VRN ${data.vrn}): period start and end, due date. Money in pence.`,
      inputSchema: noInput,
      execute: async () => (await data.openObligations()).map(({ start, end, due }) => ({ start, end, due })),
    }),
    liabilities: tool({
      description:
        'The business’s VAT charges of the last 12 months: tax period, type, amount and outstanding amount in pence, due date.',
      inputSchema: noInput,
      execute: () => data.liabilities(),
    }),
    payments: tool({
      description:
        'The business’s VAT payments received by HMRC in the last 12 months: amount in pence and date received.',
      inputSchema: noInput,
      execute: () => data.payments(),
    }),
  };
}
