import { ownWorkSchema } from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountHolders, currentUser } from '../../plugins/access';
import type { WorkspaceMoveService } from './service';

export interface WorkspaceMoveRouteOptions {
  workspaceMove: WorkspaceMoveService;
}

/** Bringing the signed-in person's own work into the practice they work in (docs/practice.md). */
export async function workspaceMoveRoutes(app: FastifyInstance, { workspaceMove }: WorkspaceMoveRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/practice/own-work',
    { config: accountHolders, schema: { response: { 200: ownWorkSchema } } },
    async (request) => workspaceMove.ownWork(currentUser(request)),
  );

  api.post(
    '/practice/own-work/move',
    { config: accountHolders, schema: { response: { 200: ownWorkSchema } } },
    async (request) => workspaceMove.move(currentUser(request)),
  );
}
