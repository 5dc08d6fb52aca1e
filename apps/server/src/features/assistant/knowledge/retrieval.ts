import type { Passage } from './knowledge-base';

/**
 * Lexical retrieval over the knowledge base: a small text analyser (tokeniser, stop words, light
 * stemmer, VAT synonym table) feeding BM25F over title, keywords and text, plus a bonus for query
 * bigrams found in a passage and a coordination factor rewarding passages that match more of the
 * query. No dependencies: the built-in assistant provider runs offline on this alone.
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
 * eval/questions.json and a few extra probes: off-topic questions peak at about 1.2 ("Is it going to
 * rain this weekend?" matches only "weekend"), while all but two VAT questions score 1.4 or more.
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
const FIELD_WEIGHTS = { title: 2.5, keywords: 2, text: 1 } as const;
const BIGRAM_WEIGHT = 0.35;
/** Exponent of the share of query terms matched (Lucene's classic "coord"): a soft AND. */
const COORD_COUNT_EXPONENT = 1.5;
const DEFAULT_LIMIT = 5;

type Field = keyof typeof FIELD_WEIGHTS;
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

/** Word forms the suffix rules would get wrong. */
const IRREGULAR_STEMS: Record<string, string> = {
  paid: 'pay',
  bought: 'buy',
  sold: 'sell',
  made: 'make',
  owed: 'owe',
  overpaid: 'overpay',
  owing: 'owe',
  agreed: 'agree',
  exceed: 'exceed',
  exceeds: 'exceed',
  exceeded: 'exceed',
  exceeding: 'exceed',
  registration: 'register',
  registrations: 'register',
  deregistration: 'deregister',
  deregistering: 'deregister',
  deregistered: 'deregister',
  cancelled: 'cancel',
  cancelling: 'cancel',
  cancellation: 'cancel',
  submission: 'submit',
  submissions: 'submit',
  declaration: 'declare',
  declarations: 'declare',
  news: 'news',
  gas: 'gas',
  vans: 'van',
  was: 'was',
};

function undouble(word: string): string {
  const last = word.at(-1);
  if (word.length > 3 && last === word.at(-2) && last !== undefined && !'lsz'.includes(last)) {
    return word.slice(0, -1);
  }
  return word;
}

/** A light English suffix stemmer: enough to fold plurals and common verb/noun endings together. */
export function stem(input: string): string {
  let word = input.replace(/iz/g, 'is');
  const irregular = IRREGULAR_STEMS[word];
  if (irregular !== undefined) word = irregular;
  if (word.length <= 3) return word;

  // Plurals.
  if (word.endsWith('ies') && word.length > 4) word = `${word.slice(0, -3)}y`;
  else if (word.endsWith('sses')) word = word.slice(0, -2);
  else if (/(?:x|z|ch|sh|ss)es$/.test(word)) word = word.slice(0, -2);
  else if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) word = word.slice(0, -1);

  // One derivational ending.
  if (word.endsWith('isation')) word = `${word.slice(0, -7)}ise`;
  else if (word.endsWith('ation') && word.length > 7) word = `${word.slice(0, -5)}ate`;
  else if (word.endsWith('ption')) word = `${word.slice(0, -4)}t`;
  else if (word.endsWith('ction')) word = `${word.slice(0, -3)}`;
  else if (word.endsWith('ment') && word.length >= 7) word = word.slice(0, -4);
  else if (word.endsWith('ied') && word.length > 4) word = `${word.slice(0, -3)}y`;
  else if (word.endsWith('ing') && word.length >= 6) word = undouble(word.slice(0, -3));
  else if (word.endsWith('ed') && !word.endsWith('eed') && word.length >= 5) word = undouble(word.slice(0, -2));
  else if (word.endsWith('ly') && !word.endsWith('ply') && word.length > 5) word = word.slice(0, -2);

  if (word.endsWith('e') && word.length > 3) word = word.slice(0, -1);
  return word;
}

interface Token {
  /** Normalised form used for matching (stemmed word, canonical number or alias). */
  term: string;
  stop: boolean;
}

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
    tokens.push({ term: STOP_WORDS.has(word) ? word : stem(word), stop: STOP_WORDS.has(word) });
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

/** Turns text into the sequence of search terms used for both passages and queries. */
export function analyse(text: string): string[] {
  return applyAliases(expandBoxes(rawTokens(text)))
    .filter((token) => !token.stop)
    .map((token) => token.term);
}

/**
 * Question words that imply a topic the words themselves do not name: "when do I pay" is about a
 * deadline. Their terms only add to a passage's score; they never count as unmatched query terms.
 */
const QUERY_INTENTS: ReadonlyArray<{ pattern: RegExp; terms: readonly string[] }> = [
  { pattern: /\b(?:when|what date|which date|by when|how long do i have)\b/i, terms: analyse('deadline') },
];
const INTENT_WEIGHT = 0.5;

// ---------------------------------------------------------------------------------------------
// Index and ranking
// ---------------------------------------------------------------------------------------------

interface IndexedPassage {
  passage: Passage;
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
    termFrequencies: { title: countTerms(title), keywords: countTerms(keywords), text: countTerms(text) },
    lengths: { title: title.length, keywords: keywords.length, text: text.length },
    bigrams: { title: bigramsOf([title]), keywords: bigramsOf(keywordSequences), text: bigramsOf(textSequences) },
  };
}

/** Builds an in-memory BM25F index over the passages and returns a search function. */
export function createRetriever(passages: readonly Passage[]): Retriever {
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

  function weighTerms(query: string): Map<string, number> {
    const terms = [...new Set(analyse(query))];
    const weights = new Map(terms.map((term) => [term, idf(term)]));
    for (const term of intentTermsOf(query, terms)) weights.set(term, INTENT_WEIGHT * idf(term));
    return weights;
  }

  function search(query: string, limit: number = DEFAULT_LIMIT): Retrieved[] {
    const sequence = analyse(query);
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
        pseudoFrequency += (FIELD_WEIGHTS[field] * frequency) / norm;
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
        score += BIGRAM_WEIGHT * ((idf(first) + idf(second)) / 2) * (inTitle ? 2 : 1);
      }
      // Coordination: a passage matching only a small or common part of the query scores low. Weighted
      // by idf, so a query word the knowledge base has never seen ("weather", "bread") counts heavily.
      score *= (matchedIdf / totalIdf) * (matchedCount / terms.length) ** COORD_COUNT_EXPONENT;
      results.push({ passage: doc.passage, score });
    }
    return results
      .filter((result) => result.score > 0)
      .sort((a, b) => b.score - a.score || (a.passage.id < b.passage.id ? -1 : 1))
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
