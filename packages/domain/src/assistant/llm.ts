/*
 * The model choice as plain values, without zod: the browser reads the stored choice before its
 * first paint (assistant/api.ts holds the schemas).
 */

/** The language models a user can pick (product reference: default OpenAI; Built-in works offline). */
export const llmSelections = ['OpenAI', 'Anthropic', 'OpenAI-compatible', 'Built-in'] as const;
export type LlmSelection = (typeof llmSelections)[number];
export const defaultLlm: LlmSelection = 'OpenAI';

/** The header that carries the selection (docs/reference/product.md §7). */
export const llmSelectionHeader = 'x-llm-selection';

export function isLlmSelection(value: unknown): value is LlmSelection {
  return llmSelections.includes(value as LlmSelection);
}
