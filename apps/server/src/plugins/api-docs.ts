import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { validationError } from './validation';

export interface ApiDocsOptions {
  /** Production serves no documentation pages (the document describes every route). */
  production: boolean;
  version: string;
}

/**
 * The API's own description. Routes declare their query, body and parameters as the domain's zod
 * schemas (`schema: { querystring, body, params }`); those same schemas check each request, with
 * the one error shape (a 400 naming each field and what to fix), and make the OpenAPI document, so
 * the documentation cannot drift from the validation. Outside production it is served at /api/docs
 * (the document itself at /api/docs/json).
 */
async function apiDocs(app: FastifyInstance, options: ApiDocsOptions) {
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    const result = (schema as z.ZodType).safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: validationError(result.error) };
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
    transform: jsonSchemaTransform,
  });
  if (!options.production) await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

export default fp(apiDocs, { name: 'api-docs' });
