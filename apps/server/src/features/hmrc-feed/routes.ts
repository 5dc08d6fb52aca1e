import { type HmrcFeed, hmrcFeedSchema } from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import { everyone } from '../../plugins/access';
import { feedUnavailableMessage, type HmrcFeedService } from './service';

export interface HmrcFeedRouteOptions {
  service: HmrcFeedService;
}

/** GOV.UK's HMRC news for the Home dashboard: public, and always 200 (the body says whether it could be read). */
export async function hmrcFeedRoutes(app: FastifyInstance, { service }: HmrcFeedRouteOptions) {
  const options = { config: everyone, schema: { response: { 200: hmrcFeedSchema } } };
  app.get('/hmrc-feed', options, async (request): Promise<HmrcFeed> => {
    try {
      return await service.current();
    } catch (error) {
      // The service does not throw; should it ever, the card says "unavailable" rather than the page failing.
      request.log.error({ err: error }, 'the HMRC news feed failed unexpectedly');
      return { status: 'unavailable', message: feedUnavailableMessage };
    }
  });
}
