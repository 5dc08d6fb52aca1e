import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorReplies } from './errors';
import { droppedFields, isZodSchema } from './reply-schemas';
import { validationError } from './validation';

export interface ApiDocsOptions {
  /** Production serves no documentation pages (the document describes every route). */
  production: boolean;
  version: string;
}

/** A route as added, with the statuses its `schema.response` declares (see `routesOf`). */
export interface RouteReplies {
  method: string;
  url: string;
  statuses: string[];
  hidden: boolean;
}

const routesByApp = new WeakMap<FastifyInstance, RouteReplies[]>();

/** Every route added after this plugin, with its declared reply statuses (HEAD routes left out). */
export function routesOf(app: FastifyInstance): readonly RouteReplies[] {
  return routesByApp.get(app) ?? [];
}

type DocumentInput = Parameters<typeof jsonSchemaTransform>[0];

type ContentReply = { content: Record<string, { schema?: unknown }> } & Record<string, unknown>;

function isContentReply(reply: unknown): reply is ContentReply {
  return typeof reply === 'object' && reply !== null && !isZodSchema(reply) && 'content' in reply;
}

/**
 * The document's view of a route: zod schemas become JSON schemas; plain JSON reply schemas (files,
 * pages, redirects, empty replies) are shown as written, also beside a zod one under another
 * content type; and every route that declares its replies also shows the one error shape for 4xx
 * and 5xx.
 */
function documentRoute(document: DocumentInput) {
  const response = document.schema?.response as Record<string, unknown> | undefined;
  if (!response) return jsonSchemaTransform(document);
  const zodReplies: Record<string, unknown> = { ...errorReplies };
  const plainReplies: Record<string, unknown> = {};
  const plainContent: Record<string, Record<string, unknown>> = {};
  for (const [status, reply] of Object.entries(response)) {
    if (isZodSchema(reply)) zodReplies[status] = reply;
    else if (!isContentReply(reply)) plainReplies[status] = reply;
    else {
      const entries = Object.entries(reply.content);
      const zodEntries = entries.filter(([, entry]) => isZodSchema(entry.schema));
      if (zodEntries.length === 0) plainReplies[status] = reply;
      else {
        zodReplies[status] = { ...reply, content: Object.fromEntries(zodEntries) };
        plainContent[status] = Object.fromEntries(entries.filter(([, entry]) => !isZodSchema(entry.schema)));
      }
    }
  }
  const transformed = jsonSchemaTransform({ ...document, schema: { ...document.schema, response: zodReplies } });
  const schema = transformed.schema as { hide?: boolean; response?: Record<string, ContentReply> } | undefined;
  if (!schema || schema.hide) return transformed;
  const documented: Record<string, unknown> = { ...schema.response, ...plainReplies };
  for (const [status, content] of Object.entries(plainContent)) {
    const reply = schema.response?.[status];
    if (reply) documented[status] = { ...reply, content: { ...reply.content, ...content } };
  }
  return { ...transformed, schema: { ...schema, response: documented } };
}

/**
 * The API's own description. Routes declare their query, body and parameters as the domain's zod
 * schemas (`schema: { querystring, body, params }`); those same schemas check each request, with
 * the one error shape (a 400 naming each field and what to fix), and make the OpenAPI document, so
 * the documentation cannot drift from the validation. Their replies likewise (`schema.response`,
 * per success status): a zod schema writes the reply and describes it. Outside production the
 * document is served at /api/docs (the document itself at /api/docs/json).
 */
async function apiDocs(app: FastifyInstance, options: ApiDocsOptions) {
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    const result = (schema as z.ZodType).safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: validationError(result.error) };
  });
  app.setSerializerCompiler((route) => {
    // Plain JSON schemas only document a reply (files, pages and empty replies are never serialised).
    if (!isZodSchema(route.schema)) return (data: unknown) => JSON.stringify(data);
    const serialize = zodSerializerCompiler({ ...route, schema: route.schema });
    if (options.production) return serialize;
    // Zod drops the fields a schema does not name; outside production a reply that would lose
    // one is refused (a 500 naming them), so that tests find a schema that is not complete.
    return (data: unknown) => {
      const text = serialize(data);
      const dropped = droppedFields(JSON.parse(JSON.stringify(data)) as unknown, JSON.parse(text) as unknown);
      if (dropped.length > 0) {
        throw new Error(
          `The reply of ${route.method} ${route.url} (${route.httpStatus}) has fields its response schema does not name: ${dropped.join(', ')}`,
        );
      }
      return text;
    };
  });

  const routes: RouteReplies[] = [];
  routesByApp.set(app, routes);
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { response?: Record<string, unknown>; hide?: boolean } | undefined;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, statuses: Object.keys(schema?.response ?? {}), hidden: !!schema?.hide });
    }
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'VAT Wise API',
        description:
          'The routes of VAT Wise: accounts are signed in with a session cookie; money is in pence unless a field says otherwise.',
        version: options.version,
      },
    },
    transform: documentRoute,
  });
  if (!options.production) await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

export default fp(apiDocs, { name: 'api-docs' });
