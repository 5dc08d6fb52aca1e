import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { HmrcFeedService } from './service';

/** Builds the HMRC news feed: one cache for the whole server, filled on the first request. */
export function hmrcFeedFeature(config: Config, log: FastifyBaseLogger) {
  return { service: new HmrcFeedService({ url: config.feed.url, log }) };
}
