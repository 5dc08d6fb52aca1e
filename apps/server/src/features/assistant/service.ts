import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type ChatMessage,
  type Conversation,
  type ConversationSummary,
  type LlmSelection,
  type SendMessageBody,
  type Source,
  type StreamEvent,
  ukToday,
} from '@vatwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AssistantConfig } from '../../config';
import { AppError } from '../../plugins/errors';
import { builtInAnswer, streamPieces } from './built-in';
import type { Passage } from './knowledge/knowledge-base';
import { createRetriever, isRelevant, relevantResults, type Retrieved } from './knowledge/retrieval';
import { type AnswerLanguage, questionLanguage, searchTextFor } from './knowledge/spanish-questions';
import { failureMessage, type ModelFailure } from './models';
import { systemPrompt, titleFrom, trimHistory } from './prompt';
import type { ConversationRepo } from './repo';
import type { UserData } from './user-data';

/** Passages given to a model with each question. */
const passagesPerQuestion = 4;
/** A conversation's title until its first question. */
export const newChatTitle = 'New chat';
/** The built-in provider's pace, so its answer streams like a model's. */
const builtInPieceDelayMs = 15;

export interface AskInput {
  ownerId: string;
  conversationId: string;
  body: SendMessageBody;
  llm: LlmSelection;
  /** The user's own VAT data, when they allowed it and chose a business. */
  userData: UserData | undefined;
  /** Aborted when the user stops the answer (or goes away). */
  signal: AbortSignal;
  /** The language the user reads VAT Wise in, for a question whose words do not tell. */
  userLanguage?: AnswerLanguage;
}

/**
 * The tax assistant (issue "VAT Wise assistant"): conversations kept per user, and answers grounded
 * in the knowledge base, streamed as events, from the chosen model or the built-in one.
 */
export class AssistantService {
  private readonly retriever;

  constructor(
    private readonly deps: {
      repo: ConversationRepo;
      config: AssistantConfig;
      passages: readonly Passage[];
      log: FastifyBaseLogger;
    },
  ) {
    this.retriever = createRetriever(deps.passages);
  }

  list(ownerId: string): Promise<ConversationSummary[]> {
    return this.deps.repo.list(ownerId);
  }

  async create(ownerId: string, llm: LlmSelection): Promise<Conversation> {
    const now = new Date().toISOString();
    const conversation: ConversationSummary = {
      id: crypto.randomUUID(),
      title: newChatTitle,
      llm,
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.repo.insert(ownerId, conversation);
    return { ...conversation, messages: [] };
  }

  async get(ownerId: string, id: string): Promise<Conversation> {
    const conversation = await this.deps.repo.get(ownerId, id);
    // Another user's conversation does not exist for this one (404, not 403).
    if (!conversation) throw new AppError('NOT_FOUND', 'There is no such conversation.');
    return { ...conversation, messages: await this.deps.repo.messages(id) };
  }

  async delete(ownerId: string, id: string): Promise<void> {
    if (!(await this.deps.repo.delete(ownerId, id))) throw new AppError('NOT_FOUND', 'There is no such conversation.');
  }

  /**
   * Retrieval for a question: the best few passages when any is relevant, and the English words
   * searched for (a Spanish question's VAT terms are put into English first).
   */
  private retrieve(
    question: string,
    previousQuestion: string | undefined,
    language: AnswerLanguage,
  ): { results: Retrieved[]; searchText: string } {
    let searchText = searchTextFor(question, language);
    let results = this.retriever.search(searchText, passagesPerQuestion);
    // A short follow-up ("and for a monthly return?") borrows words from the question before it.
    if (!isRelevant(results) && previousQuestion) {
      const withPrevious = `${searchTextFor(previousQuestion, language)} ${searchText}`;
      const borrowed = this.retriever.search(withPrevious, passagesPerQuestion);
      if (isRelevant(borrowed)) [results, searchText] = [borrowed, withPrevious];
    }
    return { results: isRelevant(results) ? results : [], searchText };
  }

  /**
   * Asks a question. Yields the events of the answer as it streams: the stored question, a notice if
   * the chosen model cannot be used, the sources, the text as it arrives, then the stored answer.
   * A stopped or failed answer keeps what had arrived; the question is always kept.
   */
  async *ask(input: AskInput): AsyncGenerator<StreamEvent> {
    const conversation = await this.get(input.ownerId, input.conversationId);
    const askedAt = new Date();
    const question: ChatMessage = {
      id: crypto.randomUUID(),
      role: 'user',
      content: input.body.text,
      sources: [],
      status: 'complete',
      llm: null,
      createdAt: askedAt.toISOString(),
    };
    await this.deps.repo.saveMessage(conversation.id, question);
    const title =
      conversation.messages.length === 0 || conversation.title === newChatTitle
        ? titleFrom(input.body.text)
        : undefined;

    const calls = input.llm === 'Built-in' ? undefined : await import('./model-calls');
    const configured = calls?.modelFor(this.deps.config, input.llm);
    const llm: LlmSelection = configured ? input.llm : 'Built-in';
    const answerId = crypto.randomUUID();
    yield { type: 'start', question, answerId, llm };
    if (!configured && input.llm !== 'Built-in') {
      yield {
        type: 'notice',
        message: `${input.llm} is not configured on this server, so VAT Wise’s built-in assistant answered instead.`,
      };
    }

    const previousQuestion = [...conversation.messages].reverse().find((message) => message.role === 'user')?.content;
    const language = questionLanguage(input.body.text, input.userLanguage);
    const { results, searchText } = this.retrieve(input.body.text, previousQuestion, language);
    // A model is given the best few to choose from; the built-in answer cites only the close matches.
    const passages = (configured ? results : relevantResults(results)).map((result) => result.passage);
    const sources: Source[] = passages.map((passage, index) => ({
      n: index + 1,
      passageId: passage.id,
      title: passage.title,
      url: passage.source,
      appliesFrom: passage.appliesFrom,
    }));
    yield { type: 'sources', sources };

    let content = '';
    let status: ChatMessage['status'] = 'complete';
    let failure: { code: string; message: string } | undefined;
    try {
      if (configured) {
        const history = trimHistory(
          conversation.messages
            .filter((message) => message.content.length > 0)
            .map((message) => ({ role: message.role, content: message.content })),
          input.body.text,
          this.deps.config.contextChars,
        );
        const { streamText, stepCountIs, userDataTools } = calls as NonNullable<typeof calls>;
        const result = streamText({
          model: configured.model,
          system: systemPrompt(passages, ukToday(), Boolean(input.userData)),
          messages: history,
          ...(input.userData ? { tools: userDataTools(input.userData), stopWhen: stepCountIs(4) } : {}),
          abortSignal: AbortSignal.any([input.signal, AbortSignal.timeout(this.deps.config.timeoutMs)]),
          maxRetries: 1,
        });
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta') {
            content += part.text;
            yield { type: 'delta', text: part.text };
          } else if (part.type === 'error') {
            throw part.error;
          }
        }
      } else {
        const text = await builtInAnswer({
          question: input.body.text,
          language,
          passages,
          termWeights: this.retriever.weighTerms(searchText),
          userData: input.userData,
        });
        for (const piece of streamPieces(text)) {
          if (input.signal.aborted) break;
          content += piece;
          yield { type: 'delta', text: piece };
          await sleep(builtInPieceDelayMs);
        }
      }
      if (input.signal.aborted) status = 'stopped';
    } catch (error) {
      if (input.signal.aborted) status = 'stopped';
      else {
        status = 'failed';
        const kind: ModelFailure = calls ? calls.classifyFailure(error) : 'FAILED';
        failure = { code: `MODEL_${kind}`, message: failureMessage(kind, llm) };
        this.deps.log.warn({ err: error, llm, failure: kind }, 'the assistant’s model failed');
      }
    }

    // Cited passages when the answer cites; else every passage it was given.
    const cited = sources.filter((source) => content.includes(`[${source.n}]`));
    const answer: ChatMessage = {
      id: answerId,
      role: 'assistant',
      content,
      sources: cited.length > 0 ? cited : sources,
      status,
      llm,
      // Later than the question, so the two always read in order.
      createdAt: new Date(Math.max(Date.now(), askedAt.getTime() + 1)).toISOString(),
    };
    await this.deps.repo.saveMessage(conversation.id, answer);
    const updatedAt = new Date().toISOString();
    await this.deps.repo.touch(input.ownerId, conversation.id, { ...(title ? { title } : {}), llm, updatedAt });
    const summary: ConversationSummary = {
      id: conversation.id,
      title: title ?? conversation.title,
      llm,
      createdAt: conversation.createdAt,
      updatedAt,
    };
    if (failure) yield { type: 'error', ...failure, answer };
    else yield { type: 'done', answer, conversation: summary };
  }
}
