import { en as commonEnglishWords } from 'stopwords-iso';
import porter2 from 'wink-porter2-stemmer';
import { SYNONYMS } from './synonyms';

/**
 * The text analyser shared by passages and queries: tokeniser (numbers kept and normalised), stop
 * words, Porter2 stemmer, box-number expansion and the synonym table (synonyms.ts).
 */

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

export interface Token {
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
 * (see createRetriever in retrieval.ts), so filler in a question in everyday words no longer counts against every
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

export function analyseTokens(text: string): Token[] {
  return applyAliases(expandBoxes(rawTokens(text))).filter((token) => !token.stop);
}

/** Turns text into the sequence of search terms used for both passages and queries. */
export function analyse(text: string): string[] {
  return analyseTokens(text).map((token) => token.term);
}
