import { describe, expect, it } from 'vitest';
import { loadKnowledgeBase } from './knowledge-base';
import { createRetriever, isRelevant } from './retrieval';
import { questionLanguage, searchTextFor, toEnglishQuery } from './spanish-questions';

const retriever = createRetriever(loadKnowledgeBase());
const topFor = (spanish: string) => retriever.search(toEnglishQuery(spanish), 1)[0]?.passage.id;

describe('questionLanguage', () => {
  it.each([
    '¿Cuándo vence mi declaración de IVA?',
    'cuando vence la declaracion',
    'Qué es el régimen de caja',
    'IVA',
    '¿Puedo deducir el IVA de un coche?',
  ])('reads "%s" as Spanish', (question) => {
    expect(questionLanguage(question)).toBe('es');
  });

  it.each(['When is my VAT return due?', 'VAT', 'How do I fix a mistake on an earlier return?', 'Is a cafe exempt?'])(
    'reads "%s" as English',
    (question) => {
      expect(questionLanguage(question, 'es')).toBe('en');
    },
  );

  it('leaves a question whose words do not tell to the user’s language in VAT Wise', () => {
    expect(questionLanguage('MTD', 'es')).toBe('es');
    expect(questionLanguage('MTD', 'en')).toBe('en');
    expect(questionLanguage('MTD')).toBe('en');
  });
});

describe('toEnglishQuery', () => {
  it('puts the key VAT terms into English and drops Spanish function words', () => {
    expect(toEnglishQuery('¿Cuándo vence mi declaración de IVA?')).toBe('when due return VAT');
    expect(toEnglishQuery('¿Qué recargo hay por pagar tarde?')).toBe('penalty pay late');
    expect(toEnglishQuery('tipo reducido del IVA')).toBe('reduced rate VAT');
    expect(toEnglishQuery('El régimen de caja')).toBe('cash accounting scheme');
  });

  it('writes numbers as the passages do: 90.000 → 90,000 and 16,5 % → 16.5 %', () => {
    expect(toEnglishQuery('umbral de 90.000 £')).toBe('threshold 90,000');
    expect(toEnglishQuery('tarifa plana del 16,5 %')).toBe('flat rate scheme 16.5%');
    expect(topFor('¿Qué es la tarifa plana del 16,5 %?')).toBe('frs-limited-cost-trader');
  });

  it('keeps words it does not know, so an off-topic Spanish question still finds nothing', () => {
    expect(toEnglishQuery('¿Cómo hago pan de masa madre?')).toBe('pan masa madre');
    expect(isRelevant(retriever.search(toEnglishQuery('¿Cómo hago pan de masa madre?')))).toBe(false);
  });

  it('leaves an English question as it is', () => {
    expect(searchTextFor('When is my VAT return due?', 'en')).toBe('When is my VAT return due?');
  });
});

describe('Spanish questions through retrieval', () => {
  it.each([
    ['¿Cuándo vence mi declaración de IVA?', 'deadlines-returns-and-payments'],
    ['¿Cuál es el umbral de alta en el IVA?', 'registration-thresholds'],
    ['¿Qué es el régimen de caja?', 'cash-accounting-scheme'],
    ['¿Cuánto tiempo duran los puntos de penalización?', 'penalty-points-expiry'],
    ['¿Puedo pagar el IVA por domiciliación bancaria?', 'payment-direct-debit'],
  ])('finds the answering passage for "%s"', (question, expected) => {
    expect(topFor(question)).toBe(expected);
  });
});
