import { z } from 'zod';
import { httpUrl, withoutTrailingSlash } from './fields';

/** The tax assistant's language models; Built-in always works, offline. */
export const assistantVariables = {
  OPENAI_API_KEY: z.string().trim().optional(),
  OPENAI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  OPENAI_BASE_URL: httpUrl('OPENAI_BASE_URL').optional(),
  ANTHROPIC_API_KEY: z.string().trim().optional(),
  ANTHROPIC_MODEL: z.string().trim().min(1).default('claude-3-5-haiku-latest'),
  OPENAI_COMPATIBLE_BASE_URL: httpUrl('OPENAI_COMPATIBLE_BASE_URL').optional(),
  OPENAI_COMPATIBLE_MODEL: z.string().trim().min(1).default('llama3.1'),
  OPENAI_COMPATIBLE_API_KEY: z.string().trim().optional(),
  ASSISTANT_TIMEOUT_MS: z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= 1000, {
      message: 'ASSISTANT_TIMEOUT_MS must be a whole number of milliseconds, at least 1000',
    })
    .transform(Number)
    .default(60_000),
  ASSISTANT_CONTEXT_CHARS: z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= 2000, {
      message: 'ASSISTANT_CONTEXT_CHARS must be a whole number, at least 2000',
    })
    .transform(Number)
    .default(48_000),
};

export interface AssistantConfig {
  openai: { apiKey: string; model: string; baseUrl: string | undefined } | undefined;
  anthropic: { apiKey: string; model: string } | undefined;
  openaiCompatible: { baseUrl: string; model: string; apiKey: string | undefined } | undefined;
  /** How long a model may take to answer. */
  timeoutMs: number;
  /** Characters of conversation sent to a model (about 4 per token), passages and question first. */
  contextChars: number;
}

export function assistantConfig(values: z.infer<z.ZodObject<typeof assistantVariables>>): AssistantConfig {
  return {
    openai: values.OPENAI_API_KEY
      ? { apiKey: values.OPENAI_API_KEY, model: values.OPENAI_MODEL, baseUrl: values.OPENAI_BASE_URL }
      : undefined,
    anthropic: values.ANTHROPIC_API_KEY
      ? { apiKey: values.ANTHROPIC_API_KEY, model: values.ANTHROPIC_MODEL }
      : undefined,
    openaiCompatible: values.OPENAI_COMPATIBLE_BASE_URL
      ? {
          baseUrl: withoutTrailingSlash(values.OPENAI_COMPATIBLE_BASE_URL),
          model: values.OPENAI_COMPATIBLE_MODEL,
          apiKey: values.OPENAI_COMPATIBLE_API_KEY,
        }
      : undefined,
    timeoutMs: values.ASSISTANT_TIMEOUT_MS,
    contextChars: values.ASSISTANT_CONTEXT_CHARS,
  };
}
