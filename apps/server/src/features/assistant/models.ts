import type { ModelInfo } from '@vatwise/domain';
import type { AssistantConfig } from '../../config';

/**
 * The language models VAT Wise can use, and what a failure of each means to a user. Calling them
 * (the AI SDK) is in model-calls.ts, loaded only when a question goes to a model.
 */

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
