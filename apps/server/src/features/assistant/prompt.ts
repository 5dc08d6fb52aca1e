import { guidanceNotice } from '@vatwise/domain';
import type { Passage } from './knowledge/knowledge-base';

/**
 * What every model is told: answer from the passages retrieved for the question, cite them by
 * number, say so when they do not answer it. The passages come first, so they survive trimming.
 */
export function systemPrompt(passages: readonly Passage[], today: string, withUserData: boolean): string {
  const numbered = passages
    .map(
      (passage, index) =>
        `[${index + 1}] ${passage.title}${passage.appliesFrom ? ` (applies from ${passage.appliesFrom})` : ''}\n${passage.text}`,
    )
    .join('\n\n');
  return [
    'You are the VAT assistant of VAT Wise, software for UK VAT under HMRC’s Making Tax Digital.',
    `Today is ${today}. Answer in plain British English, briefly, for a small business or its accountant.`,
    'Answer only from the numbered passages below. Cite each passage you use as [1], [2] and so on, right after the sentence it supports.',
    'If the passages do not answer the question, say plainly that VAT Wise’s knowledge base does not cover it and suggest asking HMRC or an accountant; do not guess figures.',
    withUserData
      ? 'The user has allowed you to read their own VAT data for the selected business with the tools provided; use them for questions about their own deadlines, liabilities or payments, and say the figures come from HMRC.'
      : 'You cannot see the user’s own VAT data.',
    `End with: "${guidanceNotice}"`,
    '',
    numbered ? `Passages:\n\n${numbered}` : 'Passages: none matched this question.',
  ].join('\n');
}

export interface Turn {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * The conversation a model sees: the newest turns that fit in `budgetChars`, oldest dropped first,
 * always ending with the question. (The system prompt with its passages is sent whole.)
 */
export function trimHistory(history: readonly Turn[], question: string, budgetChars: number): Turn[] {
  const kept: Turn[] = [];
  let used = question.length;
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const turn = history[index];
    if (!turn || used + turn.content.length > budgetChars) break;
    kept.unshift(turn);
    used += turn.content.length;
  }
  // A model expects turns to alternate from a user's: never start with an answer.
  while (kept[0]?.role === 'assistant') kept.shift();
  return [...kept, { role: 'user', content: question }];
}

/** A conversation's title: its first question, cut at a word. */
export function titleFrom(question: string): string {
  const text = question.replace(/\s+/g, ' ').trim();
  if (text.length <= 60) return text;
  const cut = text.slice(0, 60);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 40))}…`;
}
