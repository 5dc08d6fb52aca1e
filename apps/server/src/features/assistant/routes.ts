import { PassThrough } from 'node:stream';
import {
  conversationSchema,
  conversationSummarySchema,
  llmSelectionHeader,
  llmSelections,
  llmSelectionSchema,
  modelInfoSchema,
  sendMessageBodySchema,
} from '@vatwise/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AssistantConfig } from '../../config';
import { accountHolders, currentUser, everyone } from '../../plugins/access';
import { AppError } from '../../plugins/errors';
import { emptyReply, fileReply } from '../../plugins/reply-schemas';
import type { FraudHeaderSource, HmrcConnectionService } from '../hmrc-connection';
import type { VatDataService } from '../vat-operations';
import type { AnswerLanguage } from './knowledge/spanish-questions';
import { modelInfos } from './models';
import type { AssistantService } from './service';
import { userDataFor } from './user-data';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const idParams = z.object({ id: z.string().min(1).max(64) });

export interface AssistantRouteOptions {
  service: AssistantService;
  config: AssistantConfig;
  connections: HmrcConnectionService;
  vatData: VatDataService;
  fraud: FraudHeaderSource;
}

/** The model a request asks for (X-LLM-Selection); OpenAI when it names none (docs/reference/product.md §3). */
function selectionOf(request: FastifyRequest) {
  const raw = request.headers[llmSelectionHeader];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') return 'OpenAI' as const;
  const parsed = llmSelectionSchema.safeParse(value);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', `X-LLM-Selection must be one of ${llmSelections.join(', ')}.`);
  }
  return parsed.data;
}

/** The language the user reads VAT Wise in: the web sends it as Accept-Language. */
function userLanguageOf(request: FastifyRequest): AnswerLanguage | undefined {
  const first = request.headers['accept-language']?.split(',')[0]?.trim().toLowerCase() ?? '';
  if (first.startsWith('es')) return 'es';
  return first.startsWith('en') ? 'en' : undefined;
}

/** The tax assistant's API (docs/reference/product.md §7), served under /taxgpt/api. */
export async function assistantRoutes(app: FastifyInstance, options: AssistantRouteOptions) {
  // The routes' zod schemas check each request and describe it in the API's document (plugins/api-docs.ts).
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { service } = options;

  const models = {
    config: everyone,
    schema: { response: { 200: z.object({ models: z.array(modelInfoSchema) }) } },
  };
  api.get('/models', models, async () => ({ models: modelInfos(options.config) }));

  const conversations = z.object({ conversations: z.array(conversationSummarySchema) });
  api.get(
    '/conversations',
    { config: accountHolders, schema: { response: { 200: conversations } } },
    async (request) => ({
      conversations: await service.list(currentUser(request).id),
    }),
  );

  api.post(
    '/conversations',
    { config: accountHolders, schema: { response: { 201: conversationSchema } } },
    async (request, reply) => {
      return reply.code(201).send(await service.create(currentUser(request).id, selectionOf(request)));
    },
  );

  api.get(
    '/conversations/:id',
    { config: accountHolders, schema: { params: idParams, response: { 200: conversationSchema } } },
    async (request) => {
      const { id } = request.params;
      return service.get(currentUser(request).id, id);
    },
  );

  api.delete(
    '/conversations/:id',
    {
      config: accountHolders,
      schema: { params: idParams, response: { 204: emptyReply('The conversation is deleted.') } },
    },
    async (request, reply) => {
      const { id } = request.params;
      await service.delete(currentUser(request).id, id);
      return reply.code(204).send();
    },
  );

  /**
   * Asks a question; the answer streams as one JSON event per line. Everything that can refuse the
   * question is checked before streaming starts, so refusals are ordinary HTTP errors.
   */
  // Not compressed: a compressor holds back the lines until it has enough to pack.
  api.post(
    '/conversations/:id/messages',
    {
      config: accountHolders,
      compress: false,
      schema: {
        params: idParams,
        body: sendMessageBodySchema,
        response: { 200: fileReply('The answer as it comes: one JSON event per line.', 'application/x-ndjson') },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const body = request.body;
      const llm = selectionOf(request);
      const user = currentUser(request);
      await service.get(user.id, id);
      let userData;
      if (body.useMyData && body.vrn) {
        await options.connections.assertBusiness(user.workspaceId, body.vrn);
        userData = userDataFor(options.vatData, {
          ownerId: user.workspaceId,
          target: { vrn: body.vrn },
          fraudHeaders: await options.fraud.forRequest(request, user),
        });
      }

      // Stopping (the browser aborts) stops the model; the answer so far is still stored.
      const controller = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      const out = new PassThrough();
      const events = service.ask({
        ownerId: user.id,
        conversationId: id,
        body,
        llm,
        userData,
        signal: controller.signal,
        userLanguage: userLanguageOf(request),
      });
      void (async () => {
        try {
          // Runs to the end even when nobody is reading any more, so the answer is always stored.
          for await (const event of events) if (!out.destroyed) out.write(`${JSON.stringify(event)}\n`);
        } catch (error) {
          request.log.error({ err: error }, 'the assistant failed');
          if (!out.destroyed) {
            out.write(
              `${JSON.stringify({ type: 'error', code: 'INTERNAL_ERROR', message: 'An unexpected error occurred.' })}\n`,
            );
          }
        } finally {
          out.end();
        }
      })();
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(out);
    },
  );
}
