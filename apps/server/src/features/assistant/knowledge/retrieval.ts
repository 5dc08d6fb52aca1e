import { en as commonEnglishWords } from 'stopwords-iso';
import porter2 from 'wink-porter2-stemmer';
import type { Passage } from './knowledge-base';

/**
 * Lexical retrieval over the knowledge base: a text analyser (tokeniser, stop words, Porter2 stemmer,
 * a synonym table for VAT terms of art and the everyday words for them) feeding BM25F over title,
 * keywords and text, plus a bonus for query bigrams found in a passage, a coordination factor
 * rewarding passages that match more of the query, and a topic factor favouring the passage whose
 * title or keywords the question names over a neighbour that merely shares its words. Everyday
 * filler and the asker's own figures do not count as unmatched. It runs offline, with two small
 * packages and no data files or model: the built-in assistant provider needs nothing else.
 */
export interface Retrieved {
  passage: Passage;
  score: number;
}

export interface Retriever {
  search(query: string, limit?: number): Retrieved[];
  /**
   * The query's search terms with the weight each carries in ranking (its idf; a term implied by a
   * question word, such as "deadline" for "when", at half that), for scoring a passage's sentences.
   */
  weighTerms(query: string): Map<string, number>;
}

/**
 * Top score a result list needs before the built-in provider answers from it. Calibrated with
 * eval/questions.json: most off-topic questions stay under it ("Is it going to rain this weekend?"
 * matches only "weekend"), while all but three VAT questions reach it. Near-VAT ones (an employer's
 * National Insurance, a bank account's fees) reach 1.5 to 1.7, but a floor above them would refuse
 * VAT questions asked in few common words, so they are left through (see eval/evaluate.ts TUNING_BAR).
 */
export const MIN_RELEVANT_SCORE = 1.3;

/**
 * Share of the best passage's score another passage needs to be cited beside it by the built-in
 * provider. BM25 scores of a passage on another topic that shares the question's common words run
 * close behind ("When is my VAT return due?": deadlines 5.9, penalty points expiry 4.3, i.e. 0.73).
 */
export const RELATIVE_RELEVANCE = 0.8;

const K1 = 1.2;
const B = 0.75;
const DEFAULT_LIMIT = 5;

/** The weights ranking is tuned with (on eval/questions.json only). */
export interface RankingWeights {
  /** BM25F weight of each field. */
  fields: { title: number; keywords: number; text: number };
  /** Bonus for a query bigram found in a passage (twice that in its title). */
  bigram: number;
  /** Exponent of the share of query terms matched (Lucene's classic "coord"): a soft AND. */
  coordExponent: number;
  /**
   * What a passage keeps of its score when the question names none of the terms of its title or of
   * any one keyword, which say what it is about; it keeps all of it when the question has every term
   * of one of them (the root of the best idf-weighted share in between). Neighbouring passages share
   * the question's common words ("turnover", "register" in a scheme's entry rules), but a registration
   * question names registration, not the Flat Rate Scheme. Tuned on eval/questions.json only.
   */
  topicFloor: number;
  /**
   * What a passage keeps of its score when its title names the reverse of what the question asks:
   * the title has a word made by a reversing prefix ("deregister", "unregistered", "non-resident")
   * whose base the question names without the prefix, and the title lacks the base itself. A
   * question about registering shares "register" with the deregistration passage's every sentence,
   * but asks the opposite. Applies the other way too: a question about deregistering against a
   * passage titled only with "register".
   */
  reversalFactor: number;
}

export const DEFAULT_RANKING: RankingWeights = {
  fields: { title: 2.5, keywords: 2, text: 1 },
  bigram: 0.35,
  coordExponent: 1.5,
  topicFloor: 0.5,
  reversalFactor: 0.5,
};

type Field = keyof RankingWeights['fields'];
const FIELDS: readonly Field[] = ['title', 'keywords', 'text'];

// ---------------------------------------------------------------------------------------------
// Analyser
// ---------------------------------------------------------------------------------------------

const STOP_WORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below
  between both but by can cannot could did do does doing done down during each either else ever every
  few for from further get gets getting got had has have having he her here hers herself him himself
  his how i if in into is it its itself just let lets me mine more most my myself need needs no nor not
  now of off on once only or other others otherwise our ours ourselves out over own please same she
  should so some such than that the their theirs them themselves then there these they this those
  through thus to too under until up upon us very was we were what whats when where whether which
  while who whom whose why will with within without would yet you your yours yourself yourselves
  also im ive id dont doesnt didnt isnt arent wasnt cant wont shouldnt couldnt tell know want like
  much many may might must shall able really actually something anything thing things lot lots go goes
  going went gone become becomes became still just straight mean means meant time times normal normally
  usual usually typical typically generally vat work works next`
    .split(/\s+/)
    .filter((word) => word !== ''),
);

/**
 * Word forms Porter2's suffix rules cannot fold onto the word a passage uses: irregular verbs, and
 * VAT nouns whose stem differs from their verb's ("registration" → registr, "register" → regist).
 */
const WORD_FORMS: Record<string, string> = {
  paid: 'pay',
  overpaid: 'overpay',
  bought: 'buy',
  sold: 'sell',
  made: 'make',
  registration: 'register',
  registrations: 'register',
  deregistration: 'deregister',
  submission: 'submit',
  submissions: 'submit',
  recoverable: 'recover',
  payment: 'pay',
  payments: 'pay',
  repayment: 'repay',
  repayments: 'repay',
  overpayment: 'overpay',
};

/**
 * A word's stem, by Porter2 (the Snowball English stemmer, package wink-porter2-stemmer): a published
 * algorithm rather than our own suffix rules, pure JavaScript with no data files (so it runs offline
 * and bundles into the server), and it folds "quarterly" and "monthly" onto "quarter" and "month",
 * which Porter's first algorithm does not. "-ize" is read as the British "-ise" first.
 */
export function stem(word: string): string {
  const british = word.replace(/iz(e|ed|es|ing|ation|ations)$/, 'is$1');
  return porter2(WORD_FORMS[british] ?? british);
}

interface Token {
  /** Normalised form used for matching (stemmed word, canonical number or alias). */
  term: string;
  stop: boolean;
  /** A word of everyday English in general (see FILLER_CANDIDATES), which may carry no topic. */
  common?: boolean;
}

/**
 * Everyday English words that seldom carry a question's topic ("says", "nearly", "actually",
 * "sorry"), from the stopwords-iso collection's English list: a maintained list rather than ours.
 * It also holds words VAT uses ("goods", "due", "abroad", "interest"), so it does not replace
 * STOP_WORDS; a question's word in it is dropped only when no passage's title or keywords use it
 * (see createRetriever), so filler in a question in everyday words no longer counts against every
 * passage, while a topic word the guidance never uses ("bread", "pension") still does.
 */
const FILLER_CANDIDATES: ReadonlySet<string> = new Set(commonEnglishWords.map((word) => word.replace(/'/g, '')));

const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  nil: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
};

const NUMBER_MULTIPLIERS: Record<string, number> = { k: 1_000, thousand: 1_000, m: 1_000_000, million: 1_000_000 };

function canonicalNumber(value: number): string {
  return String(Number(value.toFixed(4)));
}

const RAW_TOKEN = /£?\d+(?:,\d{3})*(?:\.\d+)?(?:\s?%)?|[a-z][a-z0-9]*(?:'[a-z]+)*/g;

/** Lower-cases, splits and normalises text into tokens, numbers kept (90,000 → 90000, 16.5% → 16.5 + percent). */
function rawTokens(text: string): Token[] {
  const normalised = text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[‘’`]/g, "'")
    .replace(/(\d)\s*[–—-]\s*(\d)/g, '$1 to $2')
    // An e-book, e-service or e-invoice is not a book, service or invoice for VAT: one word each.
    .replace(/\be-(?=[a-z]{3,})/g, 'e')
    .replace(/&/g, ' and ');
  const tokens: Token[] = [];
  for (const match of normalised.matchAll(RAW_TOKEN)) {
    const raw = match[0];
    if (/^£?\d/.test(raw)) {
      const percent = raw.endsWith('%');
      const digits = raw.replace(/[£,%\s]/g, '');
      tokens.push({ term: canonicalNumber(Number(digits)), stop: false });
      if (percent) tokens.push({ term: 'percent', stop: false });
      continue;
    }
    const multiplier = NUMBER_MULTIPLIERS[raw];
    const previous = tokens.at(-1);
    if (multiplier !== undefined && previous !== undefined && /^\d/.test(previous.term)) {
      previous.term = canonicalNumber(Number(previous.term) * multiplier);
      continue;
    }
    const word = raw.replace(/'s$/, '').replace(/'/g, '');
    if (word === '') continue;
    const numberWord = NUMBER_WORDS[word];
    if (numberWord !== undefined) {
      tokens.push({ term: String(numberWord), stop: false });
      continue;
    }
    // Numbers glued to units ("90k", "1.35m") are split by the pattern above; words like "lpp1" stay whole.
    tokens.push({
      term: STOP_WORDS.has(word) ? word : stem(word),
      stop: STOP_WORDS.has(word),
      common: FILLER_CANDIDATES.has(word),
    });
  }
  return tokens;
}

/** "box 5", "boxes 6 to 9", "boxes 1, 4 and 7" → box, box5 … so a box number is one searchable term. */
function expandBoxes(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    out.push(token);
    if (token.term !== 'box') continue;
    const numbers: number[] = [];
    let cursor = index + 1;
    let rangeFrom: number | null = null;
    while (cursor < tokens.length) {
      const next = tokens[cursor]!.term;
      if (/^[1-9]$/.test(next)) {
        const value = Number(next);
        if (rangeFrom !== null) {
          for (let n = rangeFrom + 1; n <= value; n++) numbers.push(n);
          rangeFrom = null;
        } else {
          numbers.push(value);
        }
        cursor++;
      } else if (next === 'to' && numbers.length > 0) {
        rangeFrom = numbers.at(-1)!;
        cursor++;
      } else if ((next === 'and' || next === 'or') && numbers.length > 0) {
        cursor++;
      } else {
        break;
      }
    }
    if (numbers.length === 0) continue;
    for (const n of numbers) out.push({ term: `box${n}`, stop: false });
    index = cursor - 1;
  }
  return out;
}

/** EU member states (as people name them), and other countries UK businesses often trade with. */
const EU_COUNTRIES = [
  'republic of ireland',
  'ireland',
  'austria',
  'belgium',
  'bulgaria',
  'croatia',
  'cyprus',
  'czechia',
  'czech republic',
  'denmark',
  'estonia',
  'finland',
  'france',
  'germany',
  'greece',
  'hungary',
  'italy',
  'latvia',
  'lithuania',
  'luxembourg',
  'malta',
  'netherlands',
  'holland',
  'poland',
  'portugal',
  'romania',
  'slovakia',
  'slovenia',
  'spain',
  'sweden',
];
const OTHER_COUNTRIES = [
  'united states',
  'usa',
  'america',
  'canada',
  'australia',
  'new zealand',
  'china',
  'hong kong',
  'japan',
  'india',
  'switzerland',
  'norway',
  'dubai',
  'singapore',
];

/**
 * Synonyms and aliases of VAT vocabulary: every phrase on the left is rewritten to the canonical
 * words on the right, in passages and queries alike. Phrases are matched longest first, before
 * stop words are dropped (so "time to pay" and "VAT on sales" survive).
 */
const SYNONYMS: ReadonlyArray<readonly [readonly string[], string]> = [
  [['flat rate scheme', 'flat rate', 'flat-rate', 'frs'], 'frs'],
  [['limited cost trader', 'limited cost business', 'limited cost', 'lct'], 'lct'],
  [['limited company', 'ltd'], 'company'],
  [['making tax digital', 'mtd'], 'mtd'],
  [['vat registration number', 'vat reg number', 'vat number', 'registration number', 'vrn'], 'vrn'],
  [['overdue', 'late', 'belated', 'missed', 'miss'], 'late'],
  [
    ['reclaim', 'recover', 'recoverable', 'reclaimable', 'claim back', 'input tax', 'input vat', 'deductible'],
    'reclaim',
  ],
  [['output tax', 'output vat', 'vat on sales', 'vat on my sales', 'sales vat', 'vat charged on sales'], 'outputtax'],
  [['time limit', 'time limits'], 'timelimit'],
  [['time of supply', 'tax point'], 'taxpoint'],
  [['work out', 'worked out', 'working out', 'calculate'], 'calculate'],
  [['for work', 'for business'], 'business'],
  [['on time', 'in time'], 'ontime'],
  [['double check', 'sense check', 'sanity check'], 'check'],
  [['hit', 'reach', 'get to'], 'reach'],
  [['threshold', 'limit'], 'threshold'],
  [['reverse charge', 'reverse-charge', 'reverse charged'], 'reversecharge'],
  [['file', 'submit', 'send', 'lodge'], 'submit'],
  [['drop off', 'expire', 'expiry', 'lapse', 'time out'], 'expire'],
  [['drop', 'fall', 'fell', 'fallen', 'decrease', 'decline', 'go down', 'gone down'], 'fall'],
  [['forced off', 'forced to leave', 'kicked off', 'thrown off', 'removed from'], 'leave'],
  [['inclusive', 'incl', 'gross'], 'including'],
  [['inc vat'], 'including vat'],
  [['exclusive', 'excl'], 'excluding'],
  [['ex vat'], 'excluding vat'],
  [['under declare', 'underdeclare', 'under declaration', 'under report', 'underreport', 'underpay'], 'underdeclare'],
  [['put right', 'put it right', 'put things right'], 'correct'],
  [['deregister', 'de register', 'cancel', 'come off vat', 'off the vat register', 'off the register'], 'deregister'],
  [['penalty', 'fine', 'sanction', 'punishment'], 'penalty'],
  [['net vat', 'net vat due'], 'box5'],
  [['time to pay', 'ttp', 'payment plan', 'payment arrangement'], 'ttp'],
  [['payments on account', 'payment on account', 'poa'], 'poa'],
  [['postponed vat accounting', 'postponed import vat', 'postponed vat', 'pva'], 'pva'],
  [['effective date of registration', 'edr'], 'edr'],
  [['transfer of a going concern', 'going concern', 'togc'], 'togc'],
  [['lpp', 'lpp1', 'lpp2'], 'late payment penalty'],
  [['lpi'], 'late payment interest'],
  [['rpi'], 'repayment interest'],
  [['lsp'], 'late submission penalty'],
  [['direct debit', 'dd'], 'directdebit'],
  [['northern ireland', 'ni'], 'ni'],
  [['european union', 'eu member states', 'eu member state', 'eu', 'europe', 'european'], 'eu'],
  [['abroad', 'overseas', 'foreign', 'outside the uk', 'non-uk', 'non uk', 'international'], 'abroad'],
  [
    [
      'it consultant',
      'it consultancy',
      'it contractor',
      'it contracting',
      'it services',
      'it support',
      'it company',
      'it business',
      'software developer',
      'software development',
      'web developer',
      'programmer',
    ],
    'computer consultancy',
  ],
  [['percentage', 'percent', 'per cent'], 'percent'],
  [['deadline', 'due date'], 'deadline'],
  [['spreadsheet', 'excel'], 'spreadsheet'],
  [['bookkeeping', 'book keeping', 'book-keeping', 'bookkeeper'], 'bookkeeping'],
  [['refund', 'repay', 'repayment'], 'repayment'],
  [['revenue', 'turnover'], 'turnover'],
  [['mistake', 'error', 'inaccuracy', 'incorrect'], 'error'],
  [['fix', 'amend', 'rectify', 'correct'], 'correct'],
  [['authorise', 'authorize', 'authorisation', 'connect', 'permission'], 'authorise'],
  [['cease trading', 'stop trading', 'close down', 'closing down', 'shut down'], 'stop trading'],
  // Everyday names for VAT's terms of art: what people say for HMRC, registering, paying it over,
  // keeping records, a customer who cannot pay, and Making Tax Digital.
  [
    [
      'hm revenue and customs',
      'revenue and customs',
      'the revenue',
      'inland revenue',
      'taxman',
      'tax man',
      'vat man',
      'vatman',
      'tax office',
    ],
    'hmrc',
  ],
  [['sign up for vat', 'get vat registered', 'become vat registered', 'go vat registered'], 'register'],
  [['takings', 'sales figures'], 'turnover'],
  [['shut', 'shutting'], 'close'],
  [['hand over', 'pay over', 'pay across'], 'pay'],
  [['hang on to', 'hold on to', 'keep hold of'], 'keep'],
  [['cannot pay', 'cant pay', 'unable to pay', 'cannot afford', 'cant afford', 'struggling to pay'], 'unable pay'],
  [
    [
      'go bust',
      'gone bust',
      'went bust',
      'going bust',
      'go under',
      'gone under',
      'went under',
      'bankrupt',
      'liquidation',
    ],
    'insolvent',
  ],
  [['digital tax'], 'mtd'],
  // "At what point" asks when (see QUERY_INTENTS), and its "point" is not a penalty point.
  [['at what point'], ''],
  // Goods a customer returns are put right with a credit note; "return" alone is a VAT return.
  [
    [
      'sent back',
      'send back',
      'sends back',
      'sending back',
      'sent goods back',
      'send goods back',
      'sent the goods back',
      'sent it back',
      'sent them back',
      'send it back',
      'send them back',
      'brought back',
      'bring back',
      'returned goods',
      'goods returned',
    ],
    'goods returned credit note',
  ],
  // Turnover is judged over a rolling 12 months, which people call the last year.
  [
    ['last year', 'past year', 'last twelve months', 'past twelve months', 'last 12 months', 'past 12 months'],
    '12 months',
  ],
  [['a week', 'one week'], '7 days'],
  // Where a customer or supplier is decides the VAT, and people name the country, not the region;
  // the country stays a term too, so a question about a place and nothing in the guidance still finds nothing.
  ...EU_COUNTRIES.map((country) => [[country], `${country} eu abroad`] as const),
  ...OTHER_COUNTRIES.map((country) => [[country], `${country} abroad`] as const),
];

interface CompiledAlias {
  pattern: string[];
  replacement: string[];
}

function compileAliases(): Map<string, CompiledAlias[]> {
  const byFirstTerm = new Map<string, CompiledAlias[]>();
  for (const [phrases, canonical] of SYNONYMS) {
    const replacement = rawTokens(canonical).map((token) => token.term);
    for (const phrase of phrases) {
      const pattern = rawTokens(phrase).map((token) => token.term);
      const first = pattern[0];
      if (first === undefined) continue;
      const list = byFirstTerm.get(first) ?? [];
      list.push({ pattern, replacement });
      byFirstTerm.set(first, list);
    }
  }
  for (const list of byFirstTerm.values()) list.sort((a, b) => b.pattern.length - a.pattern.length);
  return byFirstTerm;
}

const ALIASES = compileAliases();

function applyAliases(tokens: Token[]): Token[] {
  const out: Token[] = [];
  let index = 0;
  while (index < tokens.length) {
    const candidates = ALIASES.get(tokens[index]!.term) ?? [];
    const hit = candidates.find((alias) =>
      alias.pattern.every((term, offset) => tokens[index + offset]?.term === term),
    );
    if (hit) {
      for (const term of hit.replacement) out.push({ term, stop: false });
      index += hit.pattern.length;
    } else {
      out.push(tokens[index]!);
      index++;
    }
  }
  return out;
}

function analyseTokens(text: string): Token[] {
  return applyAliases(expandBoxes(rawTokens(text))).filter((token) => !token.stop);
}

/** Turns text into the sequence of search terms used for both passages and queries. */
export function analyse(text: string): string[] {
  return analyseTokens(text).map((token) => token.term);
}

/**
 * Question words that imply a topic the words themselves do not name: "when do I pay" is about a
 * deadline. Their terms only add to a passage's score; they never count as unmatched query terms.
 */
const QUERY_INTENTS: ReadonlyArray<{ pattern: RegExp; terms: readonly string[] }> = [
  {
    pattern: /\b(?:when|what date|which date|by when|how long do i have|at what point)\b/i,
    terms: analyse('deadline'),
  },
];
const INTENT_WEIGHT = 0.5;

// ---------------------------------------------------------------------------------------------
// Index and ranking
// ---------------------------------------------------------------------------------------------

/** Prefixes that make a word mean the reverse of its base: de-register, un-registered, non-resident. */
const REVERSING_PREFIXES = ['de', 'un', 'non'] as const;
/** A base shorter than this is not taken as reversed ("detail" is not the reverse of "tail"). */
const MIN_REVERSED_BASE = 5;

/**
 * The reversed words a title holds, each with its base: "deregist" (deregister) → "regist", and a
 * separate "non" before a word ("non established", from "non-established") → that word. A base
 * counts only if it is a topic term somewhere (a title's or keyword's), so "decline" is not read as
 * the reverse of "cline". Pairs whose base the title also holds are left out (it is about both).
 */
export function reversedTerms(
  title: readonly string[],
  vocabulary: ReadonlySet<string>,
): { reversed: string; base: string }[] {
  const pairs: { reversed: string; base: string }[] = [];
  title.forEach((term, index) => {
    const next = title[index + 1];
    if (term === 'non' && next !== undefined) pairs.push({ reversed: `non ${next}`, base: next });
    for (const prefix of REVERSING_PREFIXES) {
      const base = term.slice(prefix.length);
      if (term.startsWith(prefix) && base.length >= MIN_REVERSED_BASE && vocabulary.has(base)) {
        pairs.push({ reversed: term, base });
      }
    }
  });
  return pairs.filter((pair) => !title.some((term, index) => term === pair.base && title[index - 1] !== 'non'));
}

interface IndexedPassage {
  passage: Passage;
  /** The distinct terms of the title and of each keyword: what the passage is about, in several words. */
  topicPhrases: string[][];
  termFrequencies: Record<Field, Map<string, number>>;
  lengths: Record<Field, number>;
  bigrams: Record<Field, Set<string>>;
}

function countTerms(terms: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

function bigramsOf(sequences: readonly (readonly string[])[]): Set<string> {
  const bigrams = new Set<string>();
  for (const terms of sequences) {
    for (let index = 1; index < terms.length; index++) bigrams.add(`${terms[index - 1]} ${terms[index]}`);
  }
  return bigrams;
}

function indexPassage(passage: Passage): IndexedPassage {
  const title = analyse(passage.title);
  const keywordSequences = passage.keywords.map(analyse);
  const keywords = keywordSequences.flat();
  // Sentences are analysed separately so bigrams do not bridge two sentences or list items
  // (a full stop inside a number such as 16.5 or £83.33 is not a sentence end).
  const textSequences = passage.text.split(/[.!?;:](?=\s|$)|\n+/).map(analyse);
  const text = textSequences.flat();
  return {
    passage,
    topicPhrases: [title, ...keywordSequences].map((terms) => [...new Set(terms)]).filter((terms) => terms.length > 0),
    termFrequencies: { title: countTerms(title), keywords: countTerms(keywords), text: countTerms(text) },
    lengths: { title: title.length, keywords: keywords.length, text: text.length },
    bigrams: { title: bigramsOf([title]), keywords: bigramsOf(keywordSequences), text: bigramsOf(textSequences) },
  };
}

/** Builds an in-memory BM25F index over the passages and returns a search function. */
export function createRetriever(passages: readonly Passage[], ranking: RankingWeights = DEFAULT_RANKING): Retriever {
  const indexed = passages.map(indexPassage);
  const count = indexed.length;
  const averageLengths = Object.fromEntries(
    FIELDS.map((field) => [
      field,
      Math.max(1, indexed.reduce((sum, doc) => sum + doc.lengths[field], 0) / (count || 1)),
    ]),
  ) as Record<Field, number>;
  const documentFrequency = new Map<string, number>();
  for (const doc of indexed) {
    const terms = new Set(FIELDS.flatMap((field) => [...doc.termFrequencies[field].keys()]));
    for (const term of terms) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const idf = (term: string): number => {
    const df = documentFrequency.get(term) ?? 0;
    return Math.log(1 + (count - df + 0.5) / (df + 0.5));
  };

  function intentTermsOf(query: string, terms: readonly string[]): string[] {
    return [
      ...new Set(QUERY_INTENTS.filter((intent) => intent.pattern.test(query)).flatMap((intent) => intent.terms)),
    ].filter((term) => !terms.includes(term));
  }

  // The terms that name a topic somewhere: a question's everyday word outside them is filler. So is
  // a figure no passage has ("£87k of takings"): it is the asker's own, not a topic.
  const topicVocabulary = new Set(indexed.flatMap((doc) => doc.topicPhrases.flat()));
  const titleTerms = new Map(indexed.map((doc) => [doc, analyse(doc.passage.title)]));
  const reversals = new Map(indexed.map((doc) => [doc, reversedTerms(titleTerms.get(doc) ?? [], topicVocabulary)]));
  /** See RankingWeights.reversalFactor. */
  function reversalFactor(doc: IndexedPassage, sequence: readonly string[]): number {
    const has = (term: string) =>
      term.startsWith('non ')
        ? sequence.some((t, index) => `${t} ${sequence[index + 1]}` === term)
        : sequence.includes(term);
    const hasBase = (base: string) => sequence.some((t, index) => t === base && sequence[index - 1] !== 'non');
    const asksBaseOnly = (reversals.get(doc) ?? []).some((pair) => hasBase(pair.base) && !has(pair.reversed));
    return asksBaseOnly ? ranking.reversalFactor : 1;
  }
  const isFiller = (token: Token) =>
    (token.common === true && !topicVocabulary.has(token.term)) ||
    (/^\d/.test(token.term) && !documentFrequency.has(token.term));
  const queryTerms = (query: string): string[] =>
    analyseTokens(query)
      .filter((token) => !isFiller(token))
      .map((token) => token.term);

  function weighTerms(query: string): Map<string, number> {
    const terms = [...new Set(queryTerms(query))];
    const weights = new Map(terms.map((term) => [term, idf(term)]));
    for (const term of intentTermsOf(query, terms)) weights.set(term, INTENT_WEIGHT * idf(term));
    return weights;
  }

  /** See RankingWeights.topicFloor. */
  function topicFactor(doc: IndexedPassage, queryTerms: readonly string[]): number {
    const weightOf = (terms: readonly string[]) => terms.reduce((sum, term) => sum + idf(term), 0);
    let best = 0;
    for (const phrase of doc.topicPhrases) {
      const whole = weightOf(phrase);
      if (whole > 0) best = Math.max(best, weightOf(phrase.filter((term) => queryTerms.includes(term))) / whole);
    }
    return ranking.topicFloor + (1 - ranking.topicFloor) * Math.sqrt(best);
  }

  function search(query: string, limit: number = DEFAULT_LIMIT): Retrieved[] {
    const sequence = queryTerms(query);
    const terms = [...new Set(sequence)];
    if (terms.length === 0 || count === 0 || limit <= 0) return [];
    const intentTerms = intentTermsOf(query, terms);
    const queryBigrams = [...new Set(sequence.slice(1).map((term, index) => `${sequence[index]} ${term}`))];
    const totalIdf = terms.reduce((sum, term) => sum + idf(term), 0);

    const termScore = (doc: IndexedPassage, term: string): number => {
      let pseudoFrequency = 0;
      for (const field of FIELDS) {
        const frequency = doc.termFrequencies[field].get(term);
        if (!frequency) continue;
        const norm = 1 - B + (B * doc.lengths[field]) / averageLengths[field];
        pseudoFrequency += (ranking.fields[field] * frequency) / norm;
      }
      return (idf(term) * pseudoFrequency * (K1 + 1)) / (pseudoFrequency + K1);
    };

    const results: Retrieved[] = [];
    for (const doc of indexed) {
      let score = 0;
      let matchedIdf = 0;
      let matchedCount = 0;
      for (const term of terms) {
        const contribution = termScore(doc, term);
        if (contribution === 0) continue;
        matchedIdf += idf(term);
        matchedCount++;
        score += contribution;
      }
      if (score === 0) continue;
      for (const term of intentTerms) score += INTENT_WEIGHT * termScore(doc, term);
      for (const bigram of queryBigrams) {
        const inTitle = doc.bigrams.title.has(bigram);
        if (!inTitle && !doc.bigrams.keywords.has(bigram) && !doc.bigrams.text.has(bigram)) continue;
        const [first = '', second = ''] = bigram.split(' ');
        score += ranking.bigram * ((idf(first) + idf(second)) / 2) * (inTitle ? 2 : 1);
      }
      // Coordination: a passage matching only a small or common part of the query scores low. Weighted
      // by idf, so a query word the knowledge base has never seen ("weather", "bread") counts heavily.
      score *= (matchedIdf / totalIdf) * (matchedCount / terms.length) ** ranking.coordExponent;
      score *= topicFactor(doc, terms);
      score *= reversalFactor(doc, sequence);
      results.push({ passage: doc.passage, score });
    }
    const byScore = (a: Retrieved, b: Retrieved) => b.score - a.score || (a.passage.id < b.passage.id ? -1 : 1);
    return results
      .filter((result) => result.score > 0)
      .sort(byScore)
      .slice(0, limit);
  }

  return { search, weighTerms };
}

/**
 * Whether a result list is good enough to answer from. When it is not, the built-in provider says
 * plainly that the knowledge base has nothing relevant instead of quoting a weak match.
 */
export function isRelevant(results: readonly Retrieved[]): boolean {
  const top = results[0];
  return top !== undefined && top.score >= MIN_RELEVANT_SCORE;
}

/**
 * The results worth citing: the best, and the others that score at least RELATIVE_RELEVANCE of it,
 * all above MIN_RELEVANT_SCORE. Empty when even the best is not relevant.
 */
export function relevantResults(results: readonly Retrieved[]): Retrieved[] {
  const top = results[0];
  if (top === undefined || !isRelevant(results)) return [];
  const bar = Math.max(MIN_RELEVANT_SCORE, RELATIVE_RELEVANCE * top.score);
  return results.filter((result) => result.score >= bar);
}
