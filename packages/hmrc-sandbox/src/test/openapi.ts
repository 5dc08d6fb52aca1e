import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { parse } from 'yaml';

/**
 * Checks answers against one of HMRC's self-contained OpenAPI definitions in reference/ (the way
 * agents/conformance.test.ts does for Agent Authorisation): the status is one the operation
 * declares, the body matches the declared schema with no undeclared field at any depth, an error
 * body is exactly the example HMRC gives, and declared headers are sent and match their schema.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface MediaType {
  schema: Json;
  example?: Json;
  examples?: Record<string, { value: Json }>;
}

export interface ResponseDefinition {
  description: string;
  headers?: Record<string, { content?: Record<string, { schema: Json }> }>;
  content?: Record<string, MediaType>;
}

export interface Operation {
  operationId?: string;
  responses: Record<string, ResponseDefinition>;
}

interface Definition {
  components?: Record<string, Json>;
  paths: Record<string, Record<string, Operation>>;
}

/** Every object schema with properties refuses others, so no undeclared field gets through. */
function closed(value: Json): Json {
  if (Array.isArray(value)) return value.map(closed);
  if (value === null || typeof value !== 'object') return value;
  const copy = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, closed(item)]));
  if (copy.properties && typeof copy.properties === 'object' && copy.additionalProperties === undefined) {
    copy.additionalProperties = false;
  }
  return copy;
}

export class OpenApiDefinition {
  private readonly definition: Definition;
  private readonly ajv = new Ajv({ strict: false, allErrors: true });

  constructor(file: URL) {
    this.definition = parse(readFileSync(file, 'utf8')) as Definition;
    addFormats(this.ajv, ['date-time', 'uri', 'uuid']);
  }

  operation(path: string, method: string): Operation {
    const found = this.definition.paths[path]?.[method];
    if (!found) throw new Error(`The definition has no ${method} ${path}`);
    return found;
  }

  /** "status" for each response, or "status example" for each named example of an error. */
  listedAnswers(path: string, method: string): string[] {
    return Object.entries(this.operation(path, method).responses).flatMap(([status, declared]) => {
      const examples = declared.content?.['application/json']?.examples;
      return status.startsWith('2') || !examples ? [status] : Object.keys(examples).map((name) => `${status} ${name}`);
    });
  }

  private validate(schema: Json, value: unknown): void {
    const validate = this.ajv.compile({
      ...(closed(schema) as object),
      components: closed((this.definition.components ?? {}) as Json),
    });
    expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
  }

  /**
   * Checks an answer and returns its body. `example` names the example the body must equal;
   * `'example'` means the response's single `example`. Successes are checked by schema only.
   */
  expectConforms(path: string, method: string, answer: LightMyRequestResponse, example?: string): unknown {
    const declared = this.operation(path, method).responses[String(answer.statusCode)];
    expect(declared, `${method} ${path} does not declare ${answer.statusCode}: ${answer.body}`).toBeDefined();
    for (const [name, header] of Object.entries(declared?.headers ?? {})) {
      const value = answer.headers[name.toLowerCase()];
      expect(value, `header ${name}`).toBeDefined();
      const schema = header.content?.['text/plain']?.schema;
      if (schema) this.validate(schema, value);
    }
    const media = declared?.content?.['application/json'];
    if (!media) {
      expect(answer.body).toBe('');
      return undefined;
    }
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const body = answer.json() as unknown;
    this.validate(media.schema, body);
    if (example !== undefined) {
      expect(body).toEqual(example === 'example' ? media.example : media.examples?.[example]?.value);
    }
    return body;
  }

  /** The value of a named example of a response. */
  exampleValue(path: string, method: string, status: number, name: string): unknown {
    return this.operation(path, method).responses[String(status)]?.content?.['application/json']?.examples?.[name]
      ?.value;
  }
}
