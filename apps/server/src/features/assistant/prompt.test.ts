import { describe, expect, it } from 'vitest';
import type { Passage } from './knowledge/knowledge-base';
import { systemPrompt, titleFrom, trimHistory, type Turn } from './prompt';

const turn = (role: Turn['role'], content: string): Turn => ({ role, content });

describe('trimHistory', () => {
  const history = [
    turn('user', 'a'.repeat(40)),
    turn('assistant', 'b'.repeat(40)),
    turn('user', 'c'.repeat(40)),
    turn('assistant', 'd'.repeat(40)),
  ];

  it('keeps the whole conversation when it fits', () => {
    expect(trimHistory(history, 'next?', 1_000)).toEqual([...history, turn('user', 'next?')]);
  });

  it('drops the oldest turns first and always keeps the question', () => {
    const kept = trimHistory(history, 'q'.repeat(10), 100);
    expect(kept.map((item) => item.content[0])).toEqual(['c', 'd', 'q']);
    expect(trimHistory(history, 'q'.repeat(500), 100)).toEqual([turn('user', 'q'.repeat(500))]);
  });

  it('never starts with an answer, which models refuse', () => {
    const kept = trimHistory(history, 'q', 100);
    expect(kept[0]?.role).toBe('user');
  });
});

describe('systemPrompt', () => {
  const passage: Passage = {
    id: 'threshold',
    title: 'VAT registration threshold',
    source: 'https://www.gov.uk/vat-registration/when-to-register',
    appliesFrom: '2024-04-01',
    text: 'You must register when your taxable turnover goes over £90,000.',
    keywords: [],
  };

  it('numbers the passages as the answer must cite them, with the date each applies from', () => {
    const prompt = systemPrompt([passage], '2026-11-23', false);
    expect(prompt).toContain('[1] VAT registration threshold (applies from 2024-04-01)');
    expect(prompt).toContain('£90,000');
    expect(prompt).toContain('Today is 2026-11-23');
    expect(prompt).toContain('You cannot see the user’s own VAT data.');
  });

  it('says when no passage matched, so the model does not guess', () => {
    expect(systemPrompt([], '2026-11-23', true)).toContain('Passages: none matched this question.');
  });
});

describe('titleFrom', () => {
  it('is the first question, cut at a word when long', () => {
    expect(titleFrom('  What is   the VAT threshold? ')).toBe('What is the VAT threshold?');
    const title = titleFrom('How do I correct an error on a VAT return that I submitted last year for my company?');
    expect(title.length).toBeLessThanOrEqual(61);
    expect(title.endsWith('…')).toBe(true);
    expect(title).not.toMatch(/\s…$/);
  });
});
