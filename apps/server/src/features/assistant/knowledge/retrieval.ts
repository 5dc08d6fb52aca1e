import type { Passage } from './knowledge-base';
import { analyse, analyseTokens, type Token } from './text-analysis';

/**
 * Lexical retrieval over the knowledge base: a text analyser (text-analysis.ts: tokeniser, stop words,
 * Porter2 stemmer, a synonym table for VAT terms of art and the everyday words for them) feeding BM25F over title,
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
