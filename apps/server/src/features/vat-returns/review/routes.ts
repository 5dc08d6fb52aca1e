import { returnDraftSchema, returnNoteBodySchema, returnNoteListSchema } from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountHolders, currentUser, practiceMay } from '../../../plugins/access';
import type { ReviewService } from './service';
import { idParams } from '../route-params';

export interface ReviewRouteOptions {
  review: ReviewService;
}

/** A practice's review of a return before filing, and the notes on it. */
export function reviewRoutes(app: FastifyInstance, { review }: ReviewRouteOptions): void {
  // The routes' zod schemas check each request and describe it in the API's document (plugins/api-docs.ts).
  const api = app.withTypeProvider<ZodTypeProvider>();

  // A practice's review before filing: mark ready, approve (another member who may), reopen.
  // Reopening an approved return is checked in the service, which knows whether it is approved.
  const stepAction = { ready: 'markReady', approve: 'approve', reopen: 'read' } as const;
  for (const step of ['ready', 'approve', 'reopen'] as const) {
    const config = practiceMay(stepAction[step]);
    const schema = { params: idParams, response: { 200: returnDraftSchema } };
    api.post(`/vat_returns/:id/${step}`, { config, schema }, async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      if (step === 'ready') return review.markReady(user, id);
      return step === 'approve' ? review.approve(user, id) : review.reopen(user, id);
    });
  }

  api.get(
    '/vat_returns/:id/notes',
    { config: accountHolders, schema: { params: idParams, response: { 200: returnNoteListSchema } } },
    async (request) => ({ notes: await review.notes(currentUser(request), request.params.id) }),
  );

  api.post(
    '/vat_returns/:id/notes',
    {
      config: practiceMay('addNote'),
      schema: { params: idParams, body: returnNoteBodySchema, response: { 201: returnNoteListSchema } },
    },
    async (request, reply) =>
      reply.code(201).send({ notes: await review.addNote(currentUser(request), request.params.id, request.body.text) }),
  );
}
