import { describe, expect, it } from 'vitest';
import { evaluate, formatReport, loadQuestions, MIN_TOP3_ACCURACY } from './evaluate';

describe('assistant retrieval evaluation', () => {
  it('has enough realistic questions, on-topic and off-topic', () => {
    const questions = loadQuestions();
    expect(questions.filter((question) => question.passage !== null).length).toBeGreaterThanOrEqual(50);
    expect(questions.filter((question) => question.passage === null).length).toBeGreaterThanOrEqual(5);
    const texts = questions.map((question) => question.question.toLowerCase());
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('finds the answering passage in the top 3 for at least 90% and refuses every off-topic question', () => {
    const report = evaluate();
    const lines = formatReport(report);
    expect(report.onTopic.accuracy, lines.join('\n')).toBeGreaterThanOrEqual(MIN_TOP3_ACCURACY);
    expect(report.offTopic.failures, lines.join('\n')).toEqual([]);
    expect(report.passed).toBe(true);
    expect(lines).toContain(
      `Top-3 accuracy: ${report.onTopic.hits}/${report.onTopic.total} (${((100 * report.onTopic.hits) / report.onTopic.total).toFixed(1)}%)`,
    );
    expect(lines).toContain(`Off-topic correctly refused: ${report.offTopic.total}/${report.offTopic.total}`);
  });

  it('reports misses and fails below the bar', () => {
    const report = evaluate({
      questions: [
        { question: 'How do I bake bread?', passage: 'vat-rates' },
        { question: 'When is my VAT return due?', passage: null },
      ],
    });
    expect(report.passed).toBe(false);
    expect(report.onTopic.misses).toHaveLength(1);
    expect(report.offTopic.failures).toHaveLength(1);
    expect(formatReport(report).join('\n')).toMatch(/MISS {2}How do I bake bread\?\n {6}expected: vat-rates/);
  });

  it('refuses a question pointing at an unknown passage', () => {
    expect(() => evaluate({ questions: [{ question: 'Anything?', passage: 'no-such-passage' }] })).toThrow(
      /no-such-passage/,
    );
  });
});
