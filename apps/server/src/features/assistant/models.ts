import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import type { LlmSelection, ModelInfo } from '@vatwise/domain';
import { APICallError, type LanguageModel, RetryError } from 'ai';
import type { AssistantConfig } from '../../config';

/**
 * The language models VAT Wise can use (AI SDK), and what a failure of each means to a user.
 * OpenAI and OpenAI-compatible servers are reached through the Chat Completions API, which Ollama,
 * vLLM and LM Studio also serve. API keys stay here: never in a response, never in a log.
 */

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

/** Which models are configured, and why the others are not (GET /taxgpt/api/models). */
export function modelInfos(config: AssistantConfig): ModelInfo[] {
  return [
    {
      id: 'OpenAI',
      configured: Boolean(config.openai),
      reason: config.openai ? null : 'OPENAI_API_KEY is not set on the server.',
      model: config.openai?.model ?? null,
    },
    {
      id: 'Anthropic',
      configured: Boolean(config.anthropic),
      reason: config.anthropic ? null : 'ANTHROPIC_API_KEY is not set on the server.',
      model: config.anthropic?.model ?? null,
    },
    {
      id: 'OpenAI-compatible',
      configured: Boolean(config.openaiCompatible),
      reason: config.openaiCompatible ? null : 'OPENAI_COMPATIBLE_BASE_URL is not set on the server.',
      model: config.openaiCompatible?.model ?? null,
    },
    { id: 'Built-in', configured: true, reason: null, model: 'VAT Wise knowledge base' },
  ];
}

export type ModelFailure = 'BAD_API_KEY' | 'RATE_LIMITED' | 'TIMEOUT' | 'UNREACHABLE' | 'FAILED';

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

export function failureMessage(failure: ModelFailure, model: string): string {
  switch (failure) {
    case 'BAD_API_KEY':
      return `${model} refused VAT Wise’s API key. Ask your administrator to check it, or choose another model.`;
    case 'RATE_LIMITED':
      return `${model} is limiting how often VAT Wise may ask. Wait a minute and ask again, or choose another model.`;
    case 'TIMEOUT':
      return `${model} did not answer in time. Ask again, or choose another model.`;
    case 'UNREACHABLE':
      return `${model} could not be reached. Check the connection, or choose another model.`;
    case 'FAILED':
      return `${model} could not answer. Ask again, or choose another model.`;
  }
}
