import { type LlmSelection, defaultLlm, isLlmSelection } from '@vatwise/domain';
import { readStored, writeStored } from '../../shared/storage/local-storage';

/** docs/reference/product.md §3: the chosen model is kept in local storage as selectedLLM (default 'OpenAI'). */
export const SELECTED_LLM_KEY = 'selectedLLM';

export function storedLlm(): LlmSelection {
  return readStored(SELECTED_LLM_KEY, (value) => (isLlmSelection(value) ? value : undefined)) ?? defaultLlm;
}

export function storeLlm(llm: LlmSelection): void {
  writeStored(SELECTED_LLM_KEY, llm);
}
