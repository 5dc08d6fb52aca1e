import type { Passage } from './knowledge-base';
import { analyse } from './text-analysis';

/**
 * The sentences of a passage that answer a question best, so the built-in provider can answer in a
 * sentence or two before quoting its source. Sentences are quoted word for word: figures and dates
 * stay exactly as the passage has them.
 */

/** A sentence, or a list with the sentence introducing it, in passage order. */
export interface TextUnit {
  /** As written in the passage (a list keeps its "- " lines). */
  text: string;
  position: number;
}

/** A sentence ends at . ! or ? followed by a space and a capital, digit, £ or quote ("e.g. a" does not end one). */
const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z0-9£"“'(])/;
const LIST_ITEM = /^\s*[-*•]\s+/;

/** Splits a passage's text into sentences, each list kept whole with its introducing sentence. */
export function textUnits(text: string): TextUnit[] {
  const units: string[] = [];
  // A sentence ending in a colon introduces the list after it, even across a blank line.
  const joined = text.replace(/:[ \t]*\n\s*\n(?=\s*[-*•]\s)/g, ':\n');
  for (const paragraph of joined.split(/\n\s*\n/)) {
    let prose: string[] = [];
    let list: string[] | undefined;
    const flushProse = () => {
      units.push(...prose);
      prose = [];
    };
    const flushList = () => {
      if (list) units.push(list.join('\n'));
      list = undefined;
    };
    for (const line of paragraph.split('\n')) {
      if (line.trim() === '') continue;
      if (LIST_ITEM.test(line)) {
        if (!list) {
          // "The thresholds are:" belongs with the list it introduces.
          const intro = prose.at(-1)?.endsWith(':') ? prose.pop() : undefined;
          flushProse();
          list = intro ? [intro] : [];
        }
        list.push(line.trim());
      } else {
        flushList();
        prose.push(...line.trim().split(SENTENCE_END));
      }
    }
    flushList();
    flushProse();
  }
  return units.filter((unit) => unit.trim() !== '').map((unit, position) => ({ text: unit, position }));
}

/**
 * The kinds of answer a question asks for, each told by the question's words and recognised in a
 * sentence by what such an answer contains: "how much" is answered by an amount or a rate, "when" by
 * a date or a time limit, "do I need to" by what you must or need not do. The first kind whose
 * question pattern matches is the question's.
 */
const QUESTION_KINDS: ReadonlyArray<{ kind: string; question: RegExp; answer: RegExp }> = [
  {
    kind: 'amount',
    question:
      /\b(how much|how many|what (?:is the |are the )?(?:rate|percentage|amount|figure|limit|threshold|penalty|fine)|what (?:will|would|does|do) (?:hmrc |they |it )?(?:charge|cost)|what percentage|how big|how high)\b/i,
    answer:
      /£\s?\d|\d\s?%|\bper cent\b|\b\d+(?:[.,]\d+)?\b|\b(?:one|two|three|four|five|six|half|a sixth|a quarter)\b/i,
  },
  {
    kind: 'time',
    question: /\b(when|what date|which date|by when|how long|how soon|how far back|deadline)\b/i,
    answer:
      /\b(?:\d+|one|two|three|four|five|six|seven|twelve|thirty) (?:working |calendar )?(?:days?|weeks?|months?|years?)\b|\b(?:January|February|March|April|May|June|July|August|September|October|November|December|deadline|due)\b/i,
  },
  {
    kind: 'requirement',
    question:
      /\b(?:do|does|did) (?:i|we|you|they|it) (?:still |really |actually )?(?:need|have) to\b|\b(?:must|should) (?:i|we)\b|\b(?:am i|are we|is it) (?:required|obliged|compulsory|mandatory)\b|\bdo (?:i|we) need\b/i,
    answer:
      /\b(?:must|have to|has to|need to|needs to|do not need|does not need|need not|do not have to|does not have to|required|compulsory|mandatory|no need)\b/i,
  },
];

/**
 * Share of the best sentence's score a sentence of the kind asked for needs to lead instead: the
 * kind picks among the sentences that match the question well, it never lifts one that barely does.
 */
const ANSWER_KIND_SHARE = 0.6;

/** The kind of answer a question asks for (see QUESTION_KINDS), if its words tell. */
export function questionKind(question: string): string | undefined {
  return QUESTION_KINDS.find((entry) => entry.question.test(question))?.kind;
}

/** Whether a piece of text is the kind of answer asked for. */
function answersKind(text: string, kind: string | undefined): boolean {
  const entry = QUESTION_KINDS.find((candidate) => candidate.kind === kind);
  return entry !== undefined && entry.answer.test(text);
}

/** Bonus per heading term a sentence shares: a sentence about the passage's own topic is its answer. */
const HEADING_WEIGHT = 0.25;
/** The sentence before or after the best joins it when it scores at least this share of it. */
const SECOND_SENTENCE_SHARE = 0.5;
/** …and the two together stay short enough to read as an answer. */
const MAX_LEAD_WORDS = 70;
/** A list longer than this is cut to its items that match the question (a table of flat rates). */
const MAX_WHOLE_LIST_ITEMS = 4;
/** Stems this long match a longer form of the word: "hairdress" (hairdressing) and "hairdresser". */
const MIN_PREFIX_MATCH = 5;

const wordCount = (text: string) => text.split(/\s+/).filter((word) => word !== '').length;

function contains(terms: ReadonlySet<string>, term: string): boolean {
  if (terms.has(term)) return true;
  if (term.length < MIN_PREFIX_MATCH || /\d/.test(term)) return false;
  for (const candidate of terms) {
    if (candidate.length >= MIN_PREFIX_MATCH && (candidate.startsWith(term) || term.startsWith(candidate))) return true;
  }
  return false;
}

/** The question's terms a piece of text has, with their weights. */
function matchedTerms(text: string, weights: ReadonlyMap<string, number>): Map<string, number> {
  const terms = new Set(analyse(text));
  return new Map([...weights].filter(([term]) => contains(terms, term)));
}

const total = (matched: ReadonlyMap<string, number>) => [...matched.values()].reduce((sum, weight) => sum + weight, 0);

/** A long list cut to the intro and the items matching the question (all of it when none matches). */
function trimList(unit: TextUnit, weights: ReadonlyMap<string, number>): TextUnit {
  const lines = unit.text.split('\n');
  const intro = LIST_ITEM.test(lines[0] ?? '') ? [] : lines.slice(0, 1);
  const items = lines.slice(intro.length);
  if (items.length <= MAX_WHOLE_LIST_ITEMS) return unit;
  const scores = items.map((item) => total(matchedTerms(item, weights)));
  const best = Math.max(...scores);
  if (best === 0) return unit;
  // The items matching the question best: "hairdresser" picks hairdressing's rate, not every rate.
  const kept = items.filter((_, index) => scores[index] === best);
  return { ...unit, text: [...intro, ...kept].join('\n') };
}

/**
 * One or two units of the passage that best answer the question, in passage order: each scored by
 * the question's weighted terms it has (see Retriever.weighTerms), with a bonus when it is the kind
 * of answer the question asks for (see QUESTION_KINDS), so "How much…?" leads with the sentence
 * giving the figure, not the first one naming the topic. Falls back to the passage's first sentence
 * when no sentence shares a term with the question (the passage matched on its title or keywords).
 */
export function leadSentences(
  passage: Passage,
  weights: ReadonlyMap<string, number>,
  question: string = '',
): TextUnit[] {
  const units = textUnits(passage.text);
  const heading = new Set(analyse(passage.title));
  const kind = questionKind(question);
  const scored = units.map((unit) => {
    const matched = matchedTerms(unit.text, weights);
    let score = total(matched);
    if (score > 0) {
      const terms = new Set(analyse(unit.text));
      for (const term of heading) if (terms.has(term) && !weights.has(term)) score += HEADING_WEIGHT;
    }
    return { unit, matched, score, answers: answersKind(unit.text, kind) };
  });
  const ranked = [...scored].sort((a, b) => b.score - a.score || a.unit.position - b.unit.position);
  const top = ranked[0];
  if (top === undefined) return [];
  if (top.score === 0) return [units[0]!];
  // The best-matching sentence of the kind asked for, when it matches nearly as well as the best.
  const best = ranked.find((candidate) => candidate.answers && candidate.score >= ANSWER_KIND_SHARE * top.score) ?? top;
  // Only a neighbour, so the two read as one answer rather than two facts pulled from far apart; the
  // one adding more of the question's terms the best sentence lacks ("quarterly" in a list of thresholds).
  const added = (candidate: (typeof scored)[number]) =>
    total(new Map([...candidate.matched].filter(([term]) => !best.matched.has(term))));
  const neighbour = [scored[best.unit.position - 1], scored[best.unit.position + 1]]
    .filter((candidate) => candidate !== undefined)
    .sort((a, b) => added(b) - added(a) || b.score - a.score)[0];
  const lead = [trimList(best.unit, weights)];
  if (neighbour !== undefined && neighbour.score >= SECOND_SENTENCE_SHARE * best.score) {
    const second = trimList(neighbour.unit, weights);
    if (wordCount(lead[0]!.text) + wordCount(second.text) <= MAX_LEAD_WORDS) lead.push(second);
  }
  return lead.sort((a, b) => a.position - b.position);
}

/** Units joined back into text: sentences by a space, a list on lines of its own. */
export function joinUnits(units: readonly TextUnit[]): string {
  return units.map((unit, index) => (index === 0 ? '' : LIST_ITEM.test(unit.text) ? '\n' : ' ') + unit.text).join('');
}
