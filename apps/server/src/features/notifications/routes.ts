import {
  markNotificationsReadSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationPreferencesChangeSchema,
} from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountHolders, currentUser } from '../../plugins/access';
import type { NotificationService } from './service';

export interface NotificationRouteOptions {
  notifications: NotificationService;
}

/** A person's own notifications and their choices of what they are told: nobody reads another's. */
export async function notificationRoutes(app: FastifyInstance, { notifications }: NotificationRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/notifications',
    {
      config: accountHolders,
      schema: { querystring: notificationListQuerySchema, response: { 200: notificationPageSchema } },
    },
    async (request) => notifications.list(currentUser(request), request.query.limit, request.query.before),
  );

  api.post(
    '/notifications/read',
    {
      config: accountHolders,
      schema: { body: markNotificationsReadSchema, response: { 200: z.object({ unread: z.number().int() }) } },
    },
    async (request) => notifications.markRead(currentUser(request), request.body),
  );

  api.get(
    '/notifications/preferences',
    { config: accountHolders, schema: { response: { 200: notificationPreferencesSchema } } },
    async (request) => notifications.preferences(currentUser(request)),
  );

  api.put(
    '/notifications/preferences',
    {
      config: accountHolders,
      schema: { body: notificationPreferencesChangeSchema, response: { 200: notificationPreferencesSchema } },
    },
    async (request) => notifications.setPreferences(currentUser(request), request.body),
  );
}
