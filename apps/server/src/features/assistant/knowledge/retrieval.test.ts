import { describe, expect, it } from 'vitest';
import { loadKnowledgeBase, type Passage } from './knowledge-base';
import {
  createRetriever,
  DEFAULT_RANKING,
  isRelevant,
  MIN_RELEVANT_SCORE,
  relevantResults,
  reversedTerms,
} from './retrieval';
import { analyse, stem } from './text-analysis';

const passages = loadKnowledgeBase();
const retriever = createRetriever(passages);
const topIds = (query: string, limit = 3) => retriever.search(query, limit).map((result) => result.passage.id);

describe('analyse', () => {
  it('keeps numbers and money as single tokens', () => {
    expect(analyse('£90,000 threshold')).toEqual(['90000', 'threshold']);
    expect(analyse('a flat rate of 16.5%')).toEqual(['frs', '16.5', 'percent']);
    expect(analyse('a £200 penalty')).toEqual(['200', stem('penalty')]);
    expect(analyse('£90k')).toEqual(analyse('90,000'));
    expect(analyse('£1.35 million')).toEqual(analyse('£1,350,000'));
  });

  it('drops punctuation and stop words, and stems', () => {
    expect(analyse('What are the penalties?')).toEqual(analyse('penalty'));
    expect(analyse('the of and to')).toEqual([]);
    expect(stem('registered')).toBe(stem('register'));
    expect(stem('filing')).toBe(stem('file'));
    expect(stem('quarterly')).toBe('quarter');
    expect(stem('supplies')).toBe(stem('supply'));
  });

  it('stems by Porter2, and folds the VAT words its rules leave apart', () => {
    expect(stem('monthly')).toBe('month');
    expect(stem('penalties')).toBe(stem('penalty'));
    expect(stem('registration')).toBe(stem('registered'));
    expect(stem('payments')).toBe(stem('pay'));
    expect(stem('paid')).toBe(stem('pay'));
    expect(stem('authorize')).toBe(stem('authorise'));
    // An e-book is not a book for VAT.
    expect(analyse('e-books')).not.toContain(stem('books'));
  });

  it('maps everyday names for VAT terms of art, and countries, onto the words the passages use', () => {
    expect(analyse('the taxman')).toEqual(analyse('HMRC'));
    expect(analyse('VAT man')).toEqual(analyse('HMRC'));
    expect(analyse('sign up for VAT')).toEqual(analyse('register for VAT'));
    expect(analyse('register for VAT')).toEqual([stem('register')]);
    expect(analyse('our customer went bust')).toEqual(analyse('our customer insolvent'));
    expect(analyse('Germany')).toEqual(expect.arrayContaining([...analyse('EU'), ...analyse('abroad')]));
    // The country stays a term of its own, so a question about it and nothing VAT is still refused.
    expect(analyse('Australia')).toEqual([stem('australia'), ...analyse('abroad')]);
    expect(isRelevant(retriever.search('What is the capital of Australia?'))).toBe(false);
  });

  it('maps VAT synonyms onto the same terms', () => {
    expect(analyse('FRS')).toEqual(analyse('flat rate scheme'));
    expect(analyse('MTD')).toEqual(analyse('Making Tax Digital'));
    expect(analyse('VRN')).toEqual(analyse('VAT registration number'));
    expect(analyse('overdue')).toEqual(analyse('late'));
    expect(analyse('recover')).toEqual(analyse('input tax'));
    expect(analyse('fine')).toEqual(analyse('penalty'));
    expect(analyse('net VAT')).toEqual(['box5']);
    expect(analyse('boxes 6 to 9')).toEqual(['box', 'box6', 'box7', 'box8', 'box9']);
  });
});

describe('createRetriever', () => {
  it.each([
    ['When is my VAT return due?', 'deadlines-returns-and-payments'],
    ['What is the VAT registration threshold?', 'registration-thresholds'],
    ['How many penalty points before a £200 fine on quarterly returns?', 'late-submission-penalty-points'],
    ['How do I fix a mistake on an earlier return?', 'error-correction-limits'],
    ['MTD exemption', 'mtd-exemptions'],
  ])('ranks the obvious passage first for "%s"', (query, expected) => {
    expect(topIds(query, 1)).toEqual([expected]);
  });

  it('handles synonyms: FRS percentage for IT consultants finds the 14.5% flat rate', () => {
    const [top] = retriever.search('FRS percentage for IT consultants');
    expect(top?.passage.id).toBe('frs-rates-professional-services');
    expect(top?.passage.text).toContain('Computer and IT consultancy or data processing: 14.5%');
    expect(topIds('flat rate scheme percentage for IT consultants', 1)).toEqual(
      topIds('FRS percentage for IT consultants', 1),
    );
    expect(topIds('fine for overdue VAT payment')).toContain('late-payment-penalties');
  });

  it('matches decimal figures inside passage text', () => {
    expect(topIds('16.5 limited cost')).toContain('frs-limited-cost-trader');
    expect(topIds('£83.33 a month')).toContain('frs-limited-cost-trader');
  });

  it('returns results sorted by score, all above zero, within the limit', () => {
    const results = retriever.search('late payment penalty interest', 4);
    expect(results).toHaveLength(4);
    const scores = results.map((result) => result.score);
    for (const score of scores) expect(score).toBeGreaterThan(0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(retriever.search('late payment penalty interest').length).toBeLessThanOrEqual(5);
  });

  it('returns nothing for an empty or stop-words-only query, or an empty knowledge base', () => {
    expect(retriever.search('')).toEqual([]);
    expect(retriever.search('   ?! ')).toEqual([]);
    expect(retriever.search('what is the and of')).toEqual([]);
    expect(retriever.search('weather in Paris')).toEqual([]);
    expect(createRetriever([]).search('VAT return deadline')).toEqual([]);
  });

  it('works on a small hand-made knowledge base', () => {
    const make = (id: string, title: string, text: string): Passage => ({
      id,
      title,
      source: 'https://www.gov.uk/',
      appliesFrom: null,
      keywords: [],
      text,
    });
    const small = createRetriever([
      make('cars', 'Cars', 'VAT on a company car is usually blocked.'),
      make('vans', 'Vans', 'VAT on a van used for business can be reclaimed.'),
    ]);
    expect(small.search('Can I reclaim VAT on my van?').map((result) => result.passage.id)).toEqual(['vans']);
  });
});

describe('questions in everyday words', () => {
  it('finds the passage written in HMRC’s terms: "gone under" is insolvent, "the taxman" is HMRC', () => {
    expect(topIds('Our client has gone under and won’t pay our invoice. Can we get the VAT back?', 1)).toEqual([
      'bad-debt-relief',
    ]);
    expect(topIds('The taxman wants my return a month and a week after the quarter, is that right?', 1)).toEqual([
      'deadlines-returns-and-payments',
    ]);
  });

  it('does not count everyday filler or the asker’s own figures against a passage', () => {
    const plain = retriever.search('What is the VAT registration threshold?', 1)[0];
    const chatty = retriever.search('Sorry, what actually is the VAT registration threshold, please?', 1)[0];
    expect(chatty?.passage.id).toBe('registration-thresholds');
    expect(chatty?.score).toBeCloseTo(plain?.score ?? 0);
    // £87k appears in no passage: it is the asker's turnover, not a topic.
    const withFigure = retriever.search('My turnover is £87k, what is the VAT registration threshold?', 1)[0];
    expect(withFigure?.passage.id).toBe('registration-thresholds');
    expect(isRelevant(retriever.search('How do I bake bread?'))).toBe(false);
  });
});

describe('neighbouring topics', () => {
  it('ranks first the passage whose topic the question names, not the neighbour sharing its words', () => {
    // Without the topic factor the stock-and-assets passage, which also says deregistration cannot be
    // backdated, wins; the question is about deregistering itself.
    const question = 'Can I backdate my deregistration?';
    const wordsOnly = createRetriever(passages, { ...DEFAULT_RANKING, topicFloor: 1 });
    expect(wordsOnly.search(question, 1)[0]?.passage.id).toBe('deregistration-stock-and-assets');
    expect(topIds(question, 1)).toEqual(['deregistration']);
    // A question on e-books sold abroad, and one on the VAT rate of books, each find their own.
    expect(topIds('Do I charge UK VAT on e-books sold to consumers in the EU?', 1)).toEqual([
      'digital-services-to-consumers-abroad',
    ]);
    expect(topIds("What's the VAT rate on books?", 1)).toEqual(['vat-rates']);
  });
});

describe('isRelevant', () => {
  it.each([
    "What's the weather in Paris?",
    'How do I bake bread?',
    'Who won the FA Cup last year?',
    'Is it going to rain this weekend?',
    'When does the shop open?',
    'What is the corporation tax rate?',
  ])('is false for the off-topic question "%s"', (query) => {
    expect(isRelevant(retriever.search(query))).toBe(false);
  });

  it.each([
    'When do I have to pay my VAT?',
    'What flat rate does a hairdresser use?',
    'Can I reclaim VAT on a company car?',
    'How long do penalty points last?',
    'pay',
  ])('is true for the VAT question "%s"', (query) => {
    expect(isRelevant(retriever.search(query))).toBe(true);
  });

  it('is false for no results', () => {
    expect(isRelevant([])).toBe(false);
  });
});

describe('relevantResults', () => {
  const cited = (query: string) => relevantResults(retriever.search(query, 4)).map((result) => result.passage.id);

  it('keeps only the deadlines passage for "When is my VAT return due?", not the penalty points ones', () => {
    expect(retriever.search('When is my VAT return due?', 4).map((result) => result.passage.id)).toContain(
      'penalty-points-expiry',
    );
    expect(cited('When is my VAT return due?')).toEqual(['deadlines-returns-and-payments']);
  });

  it('keeps passages scoring nearly as well as the best, best first', () => {
    const results = relevantResults(retriever.search('FRS percentage for IT consultants', 4));
    expect(results.map((result) => result.passage.id)).toEqual([
      'frs-rates-professional-services',
      'frs-worked-example',
    ]);
    for (const result of results) expect(result.score).toBeGreaterThanOrEqual(0.8 * results[0]!.score);
  });

  it('keeps nothing below the absolute floor, even the best', () => {
    expect(cited('How do I bake bread?')).toEqual([]);
    const weak = [{ passage: passages[0]!, score: MIN_RELEVANT_SCORE - 0.01 }];
    expect(relevantResults(weak)).toEqual([]);
    expect(relevantResults([])).toEqual([]);
  });
});

describe('weighTerms', () => {
  it("weighs rare terms above common ones, and a question word's implied topic at half", () => {
    const weights = retriever.weighTerms('When is my VAT return due?');
    const [deadline = ''] = analyse('deadline');
    expect([...weights.keys()].sort()).toEqual([deadline, ...analyse('due return')].sort());
    const full = createRetriever(passages).weighTerms('What is the deadline?').get(deadline)!;
    expect(weights.get(deadline)).toBeCloseTo(full / 2);
    const [hairdresser = ''] = analyse('hairdresser');
    expect(retriever.weighTerms('hairdresser').get(hairdresser)).toBeGreaterThan(weights.get(analyse('return')[0]!)!);
  });
});

describe('reversing prefixes', () => {
  const vocabulary = new Set(['regist', 'establish', 'tail', 'threshold']);

  it('reads "deregister" and "non-established" as the reverse of their bases, not "detail" as of "tail"', () => {
    expect(reversedTerms(analyse('VAT on stock when you deregister'), vocabulary)).toEqual([
      { reversed: stem('deregister'), base: stem('register') },
    ]);
    expect(reversedTerms(analyse('Businesses non-established in the UK'), vocabulary)).toEqual([
      { reversed: `non ${stem('established')}`, base: stem('established') },
    ]);
    expect(reversedTerms(analyse('Invoice detail'), vocabulary)).toEqual([]);
    // A title naming both is about both.
    expect(reversedTerms(analyse('Registration and deregistration thresholds'), vocabulary)).toEqual([]);
  });

  const make = (id: string, title: string, text: string): Passage => ({
    id,
    title,
    source: 'https://example.test',
    appliesFrom: null,
    keywords: [],
    text,
  });
  const reversedPassages = [
    make('deregistering', 'Stock when you deregister', 'Register turnover threshold. You register stock.'),
    make('registering', 'Registering', 'Register when turnover passes the threshold.'),
  ];

  it('does not take a question about registering for one about deregistering', () => {
    const withReversal = createRetriever(reversedPassages);
    const without = createRetriever(reversedPassages, { ...DEFAULT_RANKING, reversalFactor: 1 });
    const score = (r: ReturnType<typeof createRetriever>, query: string, id: string) =>
      r.search(query).find((result) => result.passage.id === id)?.score ?? 0;
    const register = 'Do I register once my turnover passes the threshold?';
    expect(score(withReversal, register, 'deregistering')).toBeCloseTo(
      DEFAULT_RANKING.reversalFactor * score(without, register, 'deregistering'),
    );
    expect(score(withReversal, register, 'registering')).toBe(score(without, register, 'registering'));
    const deregister = 'Can I deregister and what happens to my stock?';
    expect(withReversal.search(deregister)[0]?.passage.id).toBe('deregistering');
    expect(score(withReversal, deregister, 'deregistering')).toBe(score(without, deregister, 'deregistering'));
  });

  it('ranks a registration question above the deregistration passages in the knowledge base', () => {
    const ids = topIds('My sales will go over the threshold in the next 30 days. When do I have to register?', 5);
    expect(ids.slice(0, 1)).not.toContain('deregistration-stock-and-assets');
  });
});

describe('everyday words for VAT terms', () => {
  it('reads goods sent back as goods returned with a credit note, not a VAT return', () => {
    expect(analyse('a customer sent goods back')).toEqual(analyse('a customer goods returned'));
    expect(analyse('they sent them back')).toEqual(analyse('they goods returned'));
  });

  it('reads "over the last year" as the rolling 12 months, and "at what point" as asking when', () => {
    expect(analyse('turnover over the last year')).toEqual(analyse('turnover over 12 months'));
    expect(analyse('at what point do I register')).toEqual(analyse('register'));
    expect(retriever.weighTerms('At what point do I register?').has(stem('deadline'))).toBe(true);
  });
});
