import { Role } from '@vatwise/domain';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asText,
  badValues,
  deepJson,
  inUrl,
  type JsonSchema,
  objectShape,
  pathTricks,
  seededRandom,
  validVrn,
  wellFormed,
} from './test/fuzz';
import { needsAccessDeclaration } from './plugins/access';
import { registerUser, signIn } from './test/session-client';
import { createListeningTestApp, type TestApp } from './test/test-app';

/**
 * No 5xx from input: every route, fed generated bad input as each role, answers with a
 * client error in the app's error shape, quickly, and gives nothing of its insides away. Routes come
 * from the running app (their declared access and their OpenAPI schemas), so a new route is fuzzed
 * without anyone listing it; better-auth's own routes are hidden from the document and listed here.
 */

const seed = Number(process.env.FUZZ_SEED ?? 16);
const slowMs = 5_000;

type Persona = 'admin' | 'editor' | 'guest' | 'signedOut';
const personas: Persona[] = ['admin', 'editor', 'guest', 'signedOut'];
const emails: Record<Exclude<Persona, 'signedOut'>, string> = {
  admin: 'fuzz-admin@example.com',
  editor: 'fuzz-editor@example.com',
  guest: 'fuzz-guest@example.com',
};

interface Case {
  method: string;
  url: string;
  label: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** What the case sent that an answer may fairly repeat (a 404 names the path it was asked for). */
  echoes: string[];
}

interface Operation {
  parameters?: { in: 'path' | 'query'; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** better-auth's routes (hidden from the API's document) and the bodies they take. */
const str: JsonSchema = { type: 'string' };
const bool: JsonSchema = { type: 'boolean' };
const body = (properties: Record<string, JsonSchema>, required = Object.keys(properties)): JsonSchema => ({
  type: 'object',
  properties,
  required,
});
const authRoutes: { method: 'GET' | 'POST'; path: string; body?: JsonSchema; query?: Record<string, JsonSchema> }[] = [
  {
    method: 'POST',
    path: 'sign-up/email',
    body: body({ name: str, email: str, password: str, image: str }, ['name', 'email', 'password']),
  },
  {
    method: 'POST',
    path: 'sign-in/email',
    body: body({ email: str, password: str, rememberMe: bool, callbackURL: str }, ['email', 'password']),
  },
  { method: 'POST', path: 'sign-in/social', body: body({ provider: str, callbackURL: str }, ['provider']) },
  { method: 'GET', path: 'get-session', query: { disableCookieCache: str } },
  { method: 'POST', path: 'update-user', body: body({ name: str, image: str }, []) },
  {
    method: 'POST',
    path: 'change-password',
    body: body({ newPassword: str, currentPassword: str, revokeOtherSessions: bool }, [
      'newPassword',
      'currentPassword',
    ]),
  },
  { method: 'POST', path: 'change-email', body: body({ newEmail: str, callbackURL: str }, ['newEmail']) },
  { method: 'POST', path: 'delete-user', body: body({ password: str, token: str }, []) },
  { method: 'POST', path: 'request-password-reset', body: body({ email: str, redirectTo: str }, ['email']) },
  { method: 'POST', path: 'reset-password', body: body({ newPassword: str, token: str }, ['newPassword']) },
  { method: 'GET', path: 'reset-password/fuzz-token', query: { callbackURL: str } },
  { method: 'GET', path: 'verify-email', query: { token: str, callbackURL: str } },
  { method: 'POST', path: 'send-verification-email', body: body({ email: str, callbackURL: str }, ['email']) },
  { method: 'GET', path: 'list-sessions' },
  { method: 'POST', path: 'revoke-session', body: body({ token: str }) },
  { method: 'GET', path: 'list-accounts' },
  { method: 'POST', path: 'unlink-account', body: body({ providerId: str, accountId: str }, ['providerId']) },
  { method: 'POST', path: 'link-social', body: body({ provider: str, callbackURL: str }, ['provider']) },
  { method: 'POST', path: 'get-access-token', body: body({ providerId: str, accountId: str }, ['providerId']) },
  { method: 'GET', path: 'account-info', query: { accountId: str } },
  { method: 'GET', path: 'callback/github', query: { code: str, state: str, error: str } },
  { method: 'POST', path: 'two-factor/enable', body: body({ password: str, issuer: str }, ['password']) },
  { method: 'POST', path: 'two-factor/disable', body: body({ password: str }) },
  { method: 'POST', path: 'two-factor/get-totp-uri', body: body({ password: str }) },
  { method: 'POST', path: 'two-factor/verify-totp', body: body({ code: str, trustDevice: bool }, ['code']) },
  { method: 'POST', path: 'two-factor/send-otp', body: body({ trustDevice: bool }, []) },
  { method: 'POST', path: 'two-factor/verify-otp', body: body({ code: str, trustDevice: bool }, ['code']) },
  { method: 'POST', path: 'two-factor/generate-backup-codes', body: body({ password: str }) },
  { method: 'POST', path: 'two-factor/verify-backup-code', body: body({ code: str, trustDevice: bool }, ['code']) },
  { method: 'POST', path: 'sign-out', body: body({}) },
  { method: 'POST', path: 'revoke-sessions', body: body({}) },
  // Practices: better-auth's organization plugin.
  { method: 'POST', path: 'organization/create', body: body({ name: str, slug: str }) },
  { method: 'GET', path: 'organization/list' },
  { method: 'POST', path: 'organization/set-active', body: body({ organizationId: str }, []) },
  { method: 'GET', path: 'organization/get-full-organization', query: { organizationId: str } },
  { method: 'POST', path: 'organization/invite-member', body: body({ email: str, role: str }) },
  { method: 'POST', path: 'organization/accept-invitation', body: body({ invitationId: str }) },
  { method: 'POST', path: 'organization/reject-invitation', body: body({ invitationId: str }) },
  { method: 'POST', path: 'organization/cancel-invitation', body: body({ invitationId: str }) },
  { method: 'POST', path: 'organization/remove-member', body: body({ memberIdOrEmail: str }) },
  { method: 'POST', path: 'organization/update-member-role', body: body({ memberId: str, role: str }) },
  { method: 'POST', path: 'organization/leave', body: body({ organizationId: str }) },
  { method: 'GET', path: 'organization/list-invitations', query: { organizationId: str } },
  { method: 'GET', path: 'organization/list-members', query: { organizationId: str } },
  { method: 'POST', path: 'organization/update', body: body({ data: { type: 'object' } }) },
  { method: 'POST', path: 'no-such-endpoint', body: body({}) },
];

const json = 'application/json';

/** Whole bodies that are wrong before any field is read: broken, nested, mistyped, too large. */
const badBodies: { label: string; type?: string; payload: string | Buffer }[] = [
  { label: 'empty JSON', type: json, payload: '' },
  { label: 'not JSON', type: json, payload: 'not json' },
  { label: 'truncated JSON', type: json, payload: '{"a":' },
  { label: 'JSON null', type: json, payload: 'null' },
  { label: 'JSON string', type: json, payload: '"text"' },
  { label: 'JSON number', type: json, payload: '-1e999' },
  { label: 'JSON array', type: json, payload: '[{"a":1}]' },
  { label: 'duplicate keys', type: json, payload: '{"a":1,"a":{"b":2}}' },
  { label: '__proto__ key', type: json, payload: '{"__proto__":{"role":0},"role":0}' },
  { label: 'constructor.prototype', type: json, payload: '{"constructor":{"prototype":{"role":0}}}' },
  { label: 'nested arrays 10k deep', type: json, payload: deepJson(10_000) },
  { label: 'nested objects 50k deep', type: json, payload: deepJson(50_000, 'object') },
  { label: 'invalid UTF-8', type: json, payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) },
  { label: 'UTF-16 charset', type: 'application/json; charset=utf-16', payload: '{}' },
  { label: 'over the body limit', type: json, payload: `{"a":"${'x'.repeat(1_100_000)}"}` },
  { label: 'text/plain', type: 'text/plain', payload: 'hello' },
  { label: 'form-encoded', type: 'application/x-www-form-urlencoded', payload: 'a=b&c[d]=e' },
  {
    label: 'XML',
    type: 'application/xml',
    payload: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
  },
  { label: 'no content type', payload: '{"a":1}' },
];

/** Multipart bodies that are broken in each way a form upload can be. */
function badMultipart(): { label: string; type: string; payload: string }[] {
  const b = 'fuzzboundary';
  const part = (headers: string, content: string) => `--${b}\r\n${headers}\r\n\r\n${content}\r\n`;
  const file = (name: string, filename: string, content = 'a,b\n1,2\n') =>
    part(`Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: text/csv`, content);
  const type = `multipart/form-data; boundary=${b}`;
  const field = (name: string, value: string) => part(`Content-Disposition: form-data; name="${name}"`, value);
  // Well-formed fields, so a bad file or field is read as far as it can be.
  const fields = [field('vrn', validVrn), field('draftId', 'fuzz-draft'), field('kind', 'transactions')].join('');
  return [
    { label: 'multipart without boundary', type: 'multipart/form-data', payload: 'a' },
    { label: 'multipart garbage', type, payload: 'garbage' },
    { label: 'multipart never closed', type, payload: file('file', 'a.csv') },
    { label: 'multipart closed with no parts', type, payload: `--${b}--\r\n` },
    {
      label: 'multipart part without disposition',
      type,
      payload: `${part('Content-Type: text/csv', 'a')}--${b}--\r\n`,
    },
    {
      label: 'multipart traversal filename',
      type,
      payload: `${fields}${file('file', '../../../etc/passwd')}--${b}--\r\n`,
    },
    { label: 'multipart NUL filename', type, payload: `${fields}${file('file', 'a\u0000.csv')}--${b}--\r\n` },
    {
      label: 'multipart NUL in a field',
      type,
      payload: `${field('draftId', 'a\u0000b')}${file('file', 'a.csv')}--${b}--\r\n`,
    },
    {
      label: 'multipart NUL in the file',
      type,
      payload: `${fields}${file('file', 'a.csv', 'Date,Description\n2024-01-01,a\u0000b\n')}--${b}--\r\n`,
    },
    {
      label: 'multipart nested mapping',
      type,
      payload: `${fields}${field('mapping', deepJson(10_000))}${file('file', 'a.csv')}--${b}--\r\n`,
    },
    { label: 'multipart unknown field', type, payload: `${file('nope', 'a.csv')}--${b}--\r\n` },
    {
      label: 'multipart binary file',
      type,
      payload: `${file('file', 'a.xlsx', '\u0000\u0001PK\u0003\u0004garbage')}--${b}--\r\n`,
    },
    {
      label: 'multipart bad mapping',
      type,
      payload: `${part('Content-Disposition: form-data; name="mapping"', '{"date":')}${file('file', 'a.csv')}--${b}--\r\n`,
    },
    {
      label: 'multipart huge header',
      type,
      payload: `${part(`Content-Disposition: form-data; name="${'n'.repeat(100_000)}"`, 'a')}--${b}--\r\n`,
    },
    {
      label: 'multipart many parts',
      type,
      payload: `${Array.from({ length: 2_000 }, (_, index) => part(`Content-Disposition: form-data; name="f${index}"`, 'x')).join('')}--${b}--\r\n`,
    },
  ];
}

/** What a body must never hold: a stack trace, SQL or the database's words, or a path on the server. */
function leaksIn(text: string, serverPaths: string[]): string | undefined {
  const checks: [string, RegExp][] = [
    ['stack trace', /\bat (?:async )?[\w$.<>[\] ]+ \(?(?:file:\/\/|\/|node:)[^\s)]*:\d+:\d+\)?/],
    ['stack trace', /\n\s+at\s/],
    ['SQL', /\b(?:select\s[\s\S]{1,120}?\sfrom\s+["`\w]|insert\s+into\s|update\s+["`\w]+\s+set\s|delete\s+from\s)/i],
    [
      'database error',
      /SQLITE_|SqliteError|no such (?:table|column)|syntax error at or near|violates [\w-]+ constraint|relation "[^"]*"|duplicate key value/i,
    ],
    ['file path', /node_modules|file:\/\/|\.(?:ts|mjs|cjs|js):\d+/],
    ...serverPaths.map((serverPath): [string, RegExp] => [
      'file path',
      new RegExp(serverPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    ]),
  ];
  return checks.find(([, pattern]) => pattern.test(text))?.[0];
}

describe('API fuzz: generated bad input to every route, as every role', () => {
  let server: TestApp & { baseUrl: string };
  let webDist: string;
  const cookies = {} as Record<Persona, string>;

  async function signInAs(persona: Exclude<Persona, 'signedOut'>) {
    const { client, response } = await signIn(server.app, emails[persona]);
    expect(response.statusCode).toBe(200);
    cookies[persona] = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  beforeAll(async () => {
    // A built web app, so paths outside the API meet the page and static files as in production.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'vatwise-fuzz-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("VAT Wise");');
    server = await createListeningTestApp({
      WEB_DIST_DIR: webDist,
      // Thousands of sign-in attempts are the point here, not something to slow down.
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
    });
    for (const persona of ['admin', 'editor', 'guest'] as const) await registerUser(server.app, emails[persona]);
    for (const persona of ['admin', 'editor', 'guest'] as const) await signInAs(persona);
    const guestId = (await server.app.inject({ url: '/api/me', headers: { cookie: cookies.guest } })).json<{
      user: { id: string };
    }>().user.id;
    const demoted = await server.app.inject({
      method: 'PUT',
      url: `/api/users/${guestId}/role`,
      headers: { cookie: cookies.admin, origin: server.app.config.publicUrl },
      payload: { role: Role.Guest },
    });
    expect(demoted.statusCode).toBe(200);
    cookies.signedOut = '';
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  /** Every fuzz case for one route: each path parameter, query field and body field made bad in turn. */
  function casesFor(
    method: string,
    url: string,
    operation: Operation | undefined,
    random: ReturnType<typeof seededRandom>,
  ) {
    const cases: Case[] = [];
    const parameters = operation?.parameters ?? [];
    const pathParams = parameters.filter((parameter) => parameter.in === 'path');
    const queryParams = parameters.filter((parameter) => parameter.in === 'query');
    const bodySchema = operation?.requestBody?.content?.[json]?.schema;

    const pathWith = (overrides: Record<string, string> = {}) =>
      url.replace(
        /:(\w+)/g,
        (_, name: string) =>
          overrides[name] ?? inUrl(wellFormed(pathParams.find((p) => p.name === name)?.schema, name)),
      );
    const baseQuery = Object.fromEntries(
      queryParams.map((parameter) => [parameter.name, asText(wellFormed(parameter.schema, parameter.name))]),
    );
    const query = (fields: Record<string, string | string[]>) => {
      const pairs = Object.entries(fields).flatMap(([name, value]) =>
        ([] as string[]).concat(value).map((item) => `${encodeURIComponent(name)}=${inUrl(item)}`),
      );
      return pairs.length ? `?${pairs.join('&')}` : '';
    };
    const withBody = method !== 'GET' && method !== 'DELETE';
    const shape = objectShape(bodySchema);
    const baseBody = wellFormed(bodySchema) as Record<string, unknown> | undefined;
    const send = (label: string, target: string, payload?: unknown, echoes: string[] = []): Case => ({
      method,
      url: target,
      label,
      echoes,
      ...(withBody ? { headers: { 'content-type': json }, payload: JSON.stringify(payload ?? baseBody ?? {}) } : {}),
    });

    cases.push(send('well-formed', `${pathWith()}${query(baseQuery)}`));

    for (const parameter of pathParams) {
      const values = [...pathTricks, ...badValues(random, 12).map((bad) => bad.value)];
      for (const value of values) {
        const text = inUrl(value);
        cases.push(
          send(
            `path ${parameter.name}=${text.slice(0, 40)}`,
            `${pathWith({ [parameter.name]: text })}${query(baseQuery)}`,
            undefined,
            [asText(value), text],
          ),
        );
      }
    }

    for (const parameter of queryParams) {
      const { [parameter.name]: _dropped, ...without } = baseQuery;
      cases.push(send(`query ${parameter.name} missing`, `${pathWith()}${query(without)}`));
      cases.push(
        send(`query ${parameter.name} twice`, `${pathWith()}${query({ ...baseQuery, [parameter.name]: ['a', 'b'] })}`),
      );
      for (const bad of badValues(random, 16)) {
        const text = asText(bad.value);
        cases.push(
          send(
            `query ${parameter.name} ${bad.kind}`,
            `${pathWith()}${query({ ...baseQuery, [parameter.name]: text })}`,
            undefined,
            [text],
          ),
        );
      }
    }
    if (method === 'GET') {
      cases.push(send('query unknown field', `${pathWith()}${query({ ...baseQuery, unknownField: 'x' })}`));
      cases.push(send('query broken escapes', `${pathWith()}?%zz=%&=&a[b]=c&${'q'.repeat(5_000)}=1`));
    }

    if (withBody && bodySchema) {
      for (const name of Object.keys(shape.properties)) {
        const { [name]: _dropped, ...without } = baseBody ?? {};
        cases.push(send(`body ${name} missing`, pathWith(), without));
        for (const bad of badValues(random, 16)) {
          const text = asText(bad.value);
          cases.push(
            send(`body ${name} ${bad.kind}`, pathWith(), { ...baseBody, [name]: bad.value }, [
              text,
              JSON.stringify(bad.value),
            ]),
          );
        }
      }
      cases.push(send('body unknown field', pathWith(), { ...baseBody, unknownField: { a: 1 } }));
    }
    if (withBody) {
      for (const bad of badBodies) {
        cases.push({
          method,
          url: pathWith(),
          label: `body: ${bad.label}`,
          headers: bad.type ? { 'content-type': bad.type } : {},
          payload: bad.payload,
          echoes: [],
        });
      }
      // Routes that take files have no JSON body schema; every such route gets broken uploads too.
      if (!bodySchema) {
        for (const bad of badMultipart()) {
          cases.push({
            method,
            url: pathWith(),
            label: `body: ${bad.label}`,
            headers: { 'content-type': bad.type },
            payload: bad.payload,
            echoes: [],
          });
        }
      }
    }
    return cases;
  }

  it('gives no 5xx, no slow answer and no stack trace, SQL or file path, for every route and role', async () => {
    const random = seededRandom(seed);
    const document = server.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const routes: { method: string; url: string; operation?: Operation; auth: boolean }[] = [];
    for (const route of server.app.declaredRoutes) {
      if (route.url === '/api/auth/*') continue;
      const operation = document.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      routes.push({ method: route.method, url: route.url, operation, auth: false });
    }
    // The rest of the document: the page shell and the HMRC simulator, which has its own sign-in.
    // Not the simulator's operator controls: breaking the simulator on purpose is their job.
    for (const [documented, operations] of Object.entries(document.paths)) {
      const url = documented.replace(/\{(\w+)\}/g, ':$1');
      if (needsAccessDeclaration(url) || url.includes('/operator/')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        routes.push({ method: method.toUpperCase(), url, operation, auth: false });
      }
    }
    for (const route of authRoutes) {
      const operation: Operation = {
        parameters: Object.entries(route.query ?? {}).map(([name, schema]) => ({ in: 'query', name, schema })),
        ...(route.body ? { requestBody: { content: { [json]: { schema: route.body } } } } : {}),
      };
      routes.push({ method: route.method, url: `/api/auth/${route.path}`, operation, auth: true });
    }
    // Paths outside the API's routes: static files, the page shell, the docs and the simulator.
    const rawCases: Case[] = [
      '/',
      '/assets/',
      '/app/',
      '/api/',
      '/api/docs/static/',
      '/taxgpt/api/',
      '/hmrc-sandbox/',
    ].flatMap((prefix) =>
      pathTricks.map((trick) => ({
        method: 'GET',
        url: `${prefix}${trick}`,
        label: `path ${prefix}${trick}`,
        echoes: [trick],
      })),
    );

    const serverPaths = [process.cwd(), server.dataDir];
    // Failures grouped by route and problem, each with its first example, so a report stays readable.
    const failures = new Map<string, { count: number; example: string }>();
    const counts = { cases: 0, status5xx: 0, slow: 0, leaks: 0 };
    const byStatus = new Map<number, number>();
    const started = performance.now();

    async function run(persona: Persona, fuzzCase: Case, route: string) {
      const headers: Record<string, string> = { ...fuzzCase.headers };
      if (cookies[persona]) headers.cookie = cookies[persona];
      if (fuzzCase.method !== 'GET') headers.origin = server.app.config.publicUrl;
      const before = performance.now();
      const response = await server.app.inject({
        method: fuzzCase.method as 'GET',
        url: fuzzCase.url,
        headers,
        ...(fuzzCase.payload === undefined ? {} : { payload: fuzzCase.payload }),
      });
      const ms = performance.now() - before;
      counts.cases++;
      byStatus.set(response.statusCode, (byStatus.get(response.statusCode) ?? 0) + 1);
      let text = response.body;
      for (const echo of fuzzCase.echoes) if (echo.length >= 3) text = text.split(echo).join('');
      const problems = [
        response.statusCode >= 500 ? `answered ${response.statusCode}` : undefined,
        ms > slowMs ? `took ${Math.round(ms)} ms` : undefined,
        response.statusCode >= 400 || !/javascript|css|html/.test(String(response.headers['content-type']))
          ? leaksIn(text, serverPaths)
          : undefined,
      ].filter((problem) => problem !== undefined);
      if (response.statusCode >= 500) counts.status5xx++;
      if (ms > slowMs) counts.slow++;
      if (problems.length > 0) {
        if (problems.length > (response.statusCode >= 500 ? 1 : 0) + (ms > slowMs ? 1 : 0)) counts.leaks++;
        const key = `${fuzzCase.method} ${route}: ${problems.join(', ')}`;
        const seen = failures.get(key);
        if (seen) seen.count++;
        else
          failures.set(key, {
            count: 1,
            example: `${fuzzCase.url.slice(0, 100)} as ${persona} [${fuzzCase.label}]: ${response.body.slice(0, 200)}`,
          });
      }
    }

    for (const route of routes) {
      const cases = casesFor(route.method, route.url, route.operation, random);
      for (const persona of personas) {
        for (const fuzzCase of cases) await run(persona, fuzzCase, route.url);
        // A fuzzed sign-out or session revocation ends the persona's session; the next route starts signed in.
        if (route.auth && persona !== 'signedOut') {
          const me = await server.app.inject({ url: '/api/me', headers: { cookie: cookies[persona] } });
          if (me.json<{ user: unknown }>().user === null) await signInAs(persona);
        }
      }
    }
    for (const persona of ['admin', 'signedOut'] as const)
      for (const fuzzCase of rawCases) await run(persona, fuzzCase, 'paths outside the API');

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `API fuzz (seed ${seed}): ${counts.cases} cases over ${routes.length} routes and ${personas.length} roles in ${seconds} s; ` +
        `${counts.status5xx} answered 5xx, ${counts.slow} slower than ${slowMs / 1000} s, ${counts.leaks} leaked; by status: ` +
        [...byStatus]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${status}: ${count}`)
          .join(', '),
    );
    const report = [...failures].map(([key, { count, example }]) => `${key} (${count} cases), e.g. ${example}`);
    expect(report, `failing cases (seed ${seed})`).toEqual([]);
  }, 300_000);
});
