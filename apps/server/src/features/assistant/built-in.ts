import { formatGbp, languageLocales, ukToday } from '@vatwise/domain';
import type { Passage } from './knowledge/knowledge-base';
import { joinUnits, leadSentences, textUnits } from './knowledge/lead-sentences';
import { type AnswerLanguage, searchTextFor } from './knowledge/spanish-questions';
import englishPhrases from './locales/en/built-in.json';
import spanishPhrases from './locales/es/built-in.json';
import type { UserData } from './user-data';

/**
 * The built-in provider: no network, no model weights. It answers in a sentence or two taken word
 * for word from the best passage, then quotes that passage and names any other that matches nearly
 * as well, each cited; it also answers from the user's own VAT data when allowed and asked about,
 * and says plainly when it has nothing relevant. It writes in the question's language; the passages
 * themselves are only in English.
 */

type Phrases = typeof englishPhrases;
const phrasesByLanguage: Record<AnswerLanguage, Phrases> = { en: englishPhrases, es: spanishPhrases };
/** The language the knowledge base is written in. */
const passageLanguage: AnswerLanguage = 'en';

/** A phrase with its {{placeholders}} filled in. */
function fill(phrase: string, values: Record<string, string> = {}): string {
  return phrase.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

const formatDate = (iso: string, language: AnswerLanguage) =>
  new Intl.DateTimeFormat(languageLocales[language].intl, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));

/** Questions about the user's own deadlines, charges or payments (matched on the English rendering). */
const aboutDeadlines = /\b(when|what)\b.*\b(due|deadline)\b|\bnext (vat )?return\b|\bobligations?\b|\boverdue\b/i;
const aboutCharges = /\b(owe|outstanding|liabilit(y|ies)|how much (do|did|must) (i|we))\b/i;
const aboutPayments = /\b(paid|payments?|have i paid|did i pay)\b/i;

async function fromUserData(question: string, data: UserData, language: AnswerLanguage): Promise<string | undefined> {
  const phrases = phrasesByLanguage[language].userData;
  const date = (iso: string) => formatDate(iso, language);
  const money = (pence: number) => formatGbp(pence, languageLocales[language].intl);
  const vrn = data.vrn;
  const today = ukToday();
  if (aboutDeadlines.test(question)) {
    const open = (await data.openObligations()).sort((a, b) => a.due.localeCompare(b.due));
    const next = open.find((obligation) => obligation.due >= today) ?? open[0];
    if (next === undefined) return fill(phrases.noOpenReturns, { vrn });
    const lines = open.map(
      (obligation) =>
        `- ${fill(phrases.openReturn, { start: date(obligation.start), end: date(obligation.end), due: date(obligation.due) })}${obligation.due < today ? phrases.overdue : ''}`,
    );
    const headline = next.due < today ? phrases.oldestOverdueReturn : phrases.nextReturn;
    return [
      fill(headline, { vrn, start: date(next.start), end: date(next.end), due: date(next.due) }),
      '',
      phrases.openReturns,
      ...lines,
    ].join('\n');
  }
  if (aboutCharges.test(question)) {
    const charges = await data.liabilities();
    if (charges.length === 0) return fill(phrases.noCharges, { vrn });
    const outstanding = charges.reduce((sum, charge) => sum + (charge.outstandingAmountPence ?? 0), 0);
    return [
      fill(phrases.outstanding, { vrn, amount: money(outstanding) }),
      '',
      ...charges.map(
        (charge) =>
          `- ${fill(phrases.charge, {
            type: charge.type,
            period: charge.taxPeriod
              ? fill(phrases.chargePeriod, { start: date(charge.taxPeriod.from), end: date(charge.taxPeriod.to) })
              : '',
            amount: money(charge.originalAmountPence),
            outstanding: money(charge.outstandingAmountPence ?? 0),
          })}${charge.due ? fill(phrases.chargeDue, { due: date(charge.due) }) : ''}`,
      ),
    ].join('\n');
  }
  if (aboutPayments.test(question)) {
    const payments = await data.payments();
    if (payments.length === 0) return fill(phrases.noPayments, { vrn });
    return [
      fill(phrases.payments, { vrn }),
      ...payments.map(
        (payment) =>
          `- ${money(payment.amountPence)}${payment.received ? fill(phrases.paymentReceived, { date: date(payment.received) }) : ''}`,
      ),
    ].join('\n');
  }
  return undefined;
}

export interface BuiltInInput {
  /** The question as the user asked it. */
  question: string;
  language: AnswerLanguage;
  /**
   * The passages worth citing, best first (numbered [1]... as given): the best and those scoring
   * nearly as well (relevantResults), or none.
   */
  passages: readonly Passage[];
  /** The question's terms and their weights (Retriever.weighTerms), for picking the lead sentences. */
  termWeights: ReadonlyMap<string, number>;
  userData: UserData | undefined;
}

/** The whole answer as text (streamed by the caller). */
export async function builtInAnswer(input: BuiltInInput): Promise<string> {
  const { passages, language, userData } = input;
  const phrases = phrasesByLanguage[language];
  // Only this question: a follow-up's search text also holds the question before it.
  const asked = searchTextFor(input.question, language);
  const personal = userData ? await fromUserData(asked, userData, language) : undefined;
  const parts: string[] = [];
  if (personal) parts.push(personal);
  const [best, ...others] = passages;
  if (best) {
    if (personal) parts.push(phrases.guidanceHeading);
    if (language !== passageLanguage) parts.push(phrases.englishOnly);
    // The answer first, in the passage's own words, then the passage it came from.
    parts.push(`${joinUnits(leadSentences(best, input.termWeights, asked))} [1]`);
    parts.push(`**${best.title}** [1]\n${best.text}`);
    if (others.length > 0) {
      // Each named with its opening sentence, which says what the passage is about.
      const mentions = others.map((passage, index) => {
        const opening = textUnits(passage.text)[0]?.text.split('\n')[0] ?? '';
        return `- **${passage.title}** [${index + 2}]: ${opening}`;
      });
      parts.push([phrases.alsoRelevant, ...mentions].join('\n'));
    }
  } else if (!personal) {
    parts.push(phrases.notFound, phrases.coveredTopics, phrases.rephrase);
  }
  parts.push(phrases.guidanceNotice);
  return parts.join('\n\n');
}

/** Splits text into small pieces so the built-in answer streams as the others do. */
export function* streamPieces(text: string): Generator<string> {
  const pieces = text.match(/\S+\s*|\s+/g) ?? [];
  for (let index = 0; index < pieces.length; index += 4) yield pieces.slice(index, index + 4).join('');
}
