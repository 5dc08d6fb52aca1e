import { guidanceNotice, type Obligation } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import { builtInAnswer } from './built-in';
import { loadKnowledgeBase } from './knowledge/knowledge-base';
import { joinUnits, leadSentences, questionKind } from './knowledge/lead-sentences';
import { createRetriever, relevantResults } from './knowledge/retrieval';
import { type AnswerLanguage, questionLanguage, searchTextFor } from './knowledge/spanish-questions';
import englishPhrases from './locales/en/built-in.json';
import spanishPhrases from './locales/es/built-in.json';
import type { UserData } from './user-data';

const passages = loadKnowledgeBase();
const retriever = createRetriever(passages);

/** The built-in provider's answer as the service asks for it: language, search, the close matches. */
async function answer(question: string, userData?: UserData, userLanguage?: AnswerLanguage) {
  const language = questionLanguage(question, userLanguage);
  const searchText = searchTextFor(question, language);
  const cited = relevantResults(retriever.search(searchText, 4)).map((result) => result.passage);
  const text = await builtInAnswer({
    question,
    language,
    passages: cited,
    termWeights: retriever.weighTerms(searchText),
    userData,
  });
  return { text, cited: cited.map((passage) => passage.id), paragraphs: text.split('\n\n') };
}

const passageText = (id: string) => passages.find((passage) => passage.id === id)?.text ?? '';

describe('the built-in answer', () => {
  it('answers "When is my VAT return due?" with the deadline first, and cites no penalty passage', async () => {
    const { text, cited, paragraphs } = await answer('When is my VAT return due?');
    expect(cited).toEqual(['deadlines-returns-and-payments']);
    expect(paragraphs[0]).toMatch(/^For normal monthly or quarterly returns .* due one calendar month and seven days/);
    expect(paragraphs[0]).toMatch(/\[1\]$/);
    expect(paragraphs[1]).toBe(
      `**VAT return and payment deadlines** [1]\n${passageText('deadlines-returns-and-payments').split('\n\n')[0]}`,
    );
    expect(text).not.toMatch(/penalty point/i);
    expect(text).not.toContain('[2]');
    expect(text.endsWith(guidanceNotice)).toBe(true);
  });

  it('quotes its lead word for word from the passage, figures and dates exact', async () => {
    const { paragraphs } = await answer('What is the VAT registration threshold?');
    const lead = paragraphs[0]!.replace(/ \[1\]$/, '');
    expect(lead).toContain('£90,000');
    expect(lead).toContain('£88,000');
    expect(passageText('registration-thresholds')).toContain(lead);
  });

  it('keeps a list with the sentence introducing it, cut to the line the question asks about', async () => {
    const points = await answer('How many penalty points before a £200 fine on quarterly returns?');
    expect(points.paragraphs[0]).toContain(
      'you are charged a £200 penalty. The thresholds are:\n- annual returns: 2 points;',
    );
    expect(points.paragraphs[0]).toContain('- quarterly returns: 4 points;');

    const hairdresser = await answer('What flat rate does a hairdresser use?');
    expect(hairdresser.paragraphs[0]).toMatch(
      /in brackets:\n- Hairdressing or other beauty treatment services: 13% \(12%\) \[1\]$/,
    );
    expect(hairdresser.paragraphs[0]).not.toContain('Laundry');
  });

  it('leads with the sentence answering the kind of question asked, not the first one matching it', async () => {
    const question = 'When does the late payment interest rate change?';
    expect(questionKind(question)).toBe('time');
    const { cited, paragraphs } = await answer(question);
    expect(cited).toEqual(['late-payment-interest']);
    expect(paragraphs[0]).toBe('The rate changes about two weeks after each base rate change. [1]');
    // Scored on its words alone, the passage's opening sentences would lead instead.
    const passage = passages.find((candidate) => candidate.id === 'late-payment-interest')!;
    const byWords = joinUnits(leadSentences(passage, retriever.weighTerms(question)));
    expect(byWords).toMatch(/^HMRC charges late payment interest from the first day/);
    expect(questionKind('How much VAT can I reclaim on a leased car?')).toBe('amount');
    expect(questionKind('Do I need to keep paper receipts?')).toBe('requirement');
    expect(questionKind('What is the flat rate scheme?')).toBeUndefined();
  });

  it('answers a question in everyday words from the passage written in HMRC’s terms', async () => {
    const { cited, paragraphs, text } = await answer(
      'Our client has gone under and won’t pay our invoice. Can we get the VAT back?',
    );
    expect(cited[0]).toBe('bad-debt-relief');
    expect(paragraphs[0]).toMatch(/through bad debt relief\. \[1\]$/);
    expect(text).not.toContain(englishPhrases.notFound);
  });

  it('names other passages only when they match nearly as well, each with its opening sentence', async () => {
    const { cited, text } = await answer('FRS percentage for IT consultants');
    expect(cited[0]).toBe('frs-rates-professional-services');
    expect(cited.length).toBeGreaterThan(1);
    expect(text).toContain(`${englishPhrases.alsoRelevant}\n- **`);
    expect(text).toContain('[2]: ');
  });

  it('says plainly when nothing is relevant, with the topics it covers and how to ask', async () => {
    const { text, cited, paragraphs } = await answer('How do I bake sourdough bread?');
    expect(cited).toEqual([]);
    expect(paragraphs).toEqual([
      englishPhrases.notFound,
      englishPhrases.coveredTopics,
      englishPhrases.rephrase,
      guidanceNotice,
    ]);
    expect(text).not.toContain('[1]');
  });

  it('answers a Spanish question in Spanish framing, from the deadlines passage', async () => {
    const { cited, paragraphs } = await answer('¿Cuándo vence mi declaración de IVA?');
    expect(cited).toEqual(['deadlines-returns-and-payments']);
    expect(paragraphs[0]).toBe(spanishPhrases.englishOnly);
    expect(paragraphs[1]).toContain('due one calendar month and seven days');
    expect(paragraphs.at(-1)).toBe(spanishPhrases.guidanceNotice);
  });

  it('tells a Spanish question about nothing in the guidance so in Spanish', async () => {
    const { paragraphs } = await answer('¿Cómo hago pan de masa madre?');
    expect(paragraphs).toEqual([
      spanishPhrases.notFound,
      spanishPhrases.coveredTopics,
      spanishPhrases.rephrase,
      spanishPhrases.guidanceNotice,
    ]);
  });

  it('reads the user’s own returns in the question’s language, dates written the Spanish way', async () => {
    const open: Obligation[] = [
      { start: '2099-01-01', end: '2099-03-31', due: '2099-05-07', status: 'O', periodKey: '99A1', received: null },
    ];
    const data: UserData = {
      vrn: '123456789',
      openObligations: async () => open,
      liabilities: async () => [],
      payments: async () => [],
    };
    const spanish = await answer('¿Cuándo vence mi próxima declaración?', data);
    expect(spanish.paragraphs[0]).toBe(
      'Según los registros de HMRC para el VRN 123456789: su próxima declaración es la del 1 de enero de 2099 al 31 de marzo de 2099, con vencimiento el 7 de mayo de 2099.',
    );
    expect(spanish.text).toContain(spanishPhrases.guidanceHeading);
    const english = await answer('When is my next return due?', data);
    expect(english.paragraphs[0]).toBe(
      'From HMRC’s records for VRN 123456789: your next return is for 1 January 2099 to 31 March 2099, due 7 May 2099.',
    );
  });
});

describe('the built-in answer’s phrases', () => {
  /** Every text by its dotted path. */
  const textsOf = (value: unknown, path = ''): [string, string][] =>
    typeof value === 'string'
      ? [[path, value]]
      : Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
          textsOf(inner, path ? `${path}.${key}` : key),
        );

  it('has every English phrase in Spanish, translated, with the same placeholders', () => {
    const spanish = new Map(textsOf(spanishPhrases));
    const english = textsOf(englishPhrases);
    expect([...spanish.keys()].sort()).toEqual(english.map(([path]) => path).sort());
    for (const [path, text] of english) {
      const translated = spanish.get(path) ?? '';
      expect(translated, path).not.toBe('');
      expect(translated, path).not.toBe(text);
      const placeholders = (phrase: string) => (phrase.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect(placeholders(translated), path).toEqual(placeholders(text));
    }
  });

  it('ends English answers with the notice every provider gives', () => {
    expect(englishPhrases.guidanceNotice).toBe(guidanceNotice);
  });
});
