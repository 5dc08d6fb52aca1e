import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import { agentRoutes } from './agents/routes';
import { AgentAuthorisations } from './agents/service';
import type { SandboxContext } from './context';
import { createFraudHeaderLog } from './fraud-headers';
import { fraudHeaderRoutes } from './fraud-headers/routes';
import { flat, legacy, messages } from './http/errors';
import { defaultApplication, registerApplications, type SandboxApplication } from './oauth/applications';
import { oauthRoutes } from './oauth/routes';
import { operatorRoutes } from './operator/routes';
import { PaymentJourneys } from './payments/journeys';
import { paymentPageRoutes } from './payments/page-routes';
import { paymentRoutes } from './payments/routes';
import { SandboxClock } from './platform/clock';
import { FaultInjector } from './platform/faults';
import { type LoggedRequest, RequestLog } from './platform/request-log';
import { send } from './platform/http';
import { Throttle } from './platform/throttle';
import type { SandboxStore } from './store/store';
import { testUserRoutes } from './test-users/routes';
import { vatRoutes } from './vat/routes';
import { vatAssistRoutes } from './vat-assist/routes';

export interface HmrcSandboxOptions {
  store: SandboxStore;
  /** Redirect URIs of the default development application. */
  defaultRedirectUris: string[];
  /** Applications besides the default one. */
  applications?: SandboxApplication[];
  /** Calls per second per application before 429 (HMRC: 3); 0 turns the limit off. */
  rateLimitPerSecond?: number;
  /** Registers the /operator controls (reset, faults, clock). Never on in production. */
  operatorControls?: boolean;
  /** How long a `timeout` fault holds a call. */
  timeoutFaultHoldMs?: number;
  /** The real time, for tests. */
  now?: () => number;
  /** Where people reach the simulator (e.g. `https://vatwise.example`): the origin of links for clients. */
  publicOrigin?: string;
}

/** Paths HMRC serves, for telling a wrong method (405) from an unknown path (404). */
const knownPaths = [
  /^\/organisations\/vat\/[^/]+\/(obligations|returns|liabilities|payments|penalties|information)$/,
  /^\/organisations\/vat\/[^/]+\/returns\/[^/]+$/,
  /^\/organisations\/vat\/[^/]+\/financial-details\/[^/]+$/,
  /^\/create-test-user\/(individuals|organisations|agents|services)$/,
  /^\/oauth\/(authorize|token|grantscope)$/,
  /^\/agents\/[^/]+\/(invitations|relationships)$/,
  /^\/agents\/[^/]+\/invitations\/[^/]+$/,
  /^\/misc\/transaction-risking\/(assist\/[^/]+|acknowledge\/[^/]+\/[^/]+\/[^/]+)$/,
  /^\/payments\/make-payment\/(pay|status)$/,
];

/**
 * The embedded HMRC sandbox simulator as a Fastify plugin. Register it with a prefix (VAT Wise uses
 * /hmrc-sandbox); below it every path is HMRC's. Encapsulated: its body parsers, error handler and
 * 404 answers apply to its own routes only.
 */
export async function hmrcSandbox(app: FastifyInstance, options: HmrcSandboxOptions): Promise<void> {
  const basePath = app.prefix;
  const realNow = options.now ?? Date.now;
  const { store } = options;
  await store.migrate();
  await registerApplications(store, [
    { ...defaultApplication, redirectUris: options.defaultRedirectUris },
    ...(options.applications ?? []),
  ]);
  const clock = new SandboxClock(store, realNow);
  await clock.load();

  const context: SandboxContext = {
    store,
    clock,
    throttle: new Throttle(options.rateLimitPerSecond ?? 3, realNow),
    faults: new FaultInjector(),
    fraudLog: createFraudHeaderLog({ now: () => clock.now() }),
    timeoutFaultHoldMs: options.timeoutFaultHoldMs ?? 180_000,
    heldCalls: new Set(),
    refreshesInProgress: new Set(),
    callCounts: new Map(),
    requestLog: new RequestLog(),
    answersToDrop: new WeakSet(),
    publicOrigin: options.publicOrigin ? new URL(options.publicOrigin).origin : null,
  };

  // The submit body stays text: only the text shows how many decimals a number was written with.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/json'], { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-correlationid', randomUUID());
    reply.header('x-content-type-options', 'nosniff');
  });
  if (options.operatorControls) {
    // What reached the simulator and when, for the operator's GET /operator/requests (not its own calls).
    const logged = new WeakMap<object, LoggedRequest>();
    app.addHook('onRequest', async (request) => {
      const path = (request.url.split('?')[0] ?? '').slice(basePath.length);
      if (path.startsWith('/operator/')) return;
      logged.set(
        request,
        context.requestLog.record({ at: new Date(realNow()).toISOString(), method: request.method, path }),
      );
    });
    app.addHook('onResponse', async (request, reply) => {
      const entry = logged.get(request);
      if (!entry) return;
      entry.status = reply.statusCode;
      const grantType = (request.body as Record<string, unknown> | undefined)?.grant_type;
      if (entry.path === '/oauth/token' && typeof grantType === 'string') entry.grantType = grantType;
    });
  }
  // Held calls would keep the server from closing: let them go first.
  app.addHook('preClose', async () => {
    for (const release of [...context.heldCalls]) release();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 415) {
      return reply.code(415).send({ statusCode: 415, message: 'Expecting text/json or application/json body' });
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'HMRC sandbox: unexpected error');
      return send(reply, flat(500, 'INTERNAL_SERVER_ERROR', messages.INTERNAL_SERVER_ERROR));
    }
    return send(reply, legacy(status, error.message));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = (request.url.split('?')[0] ?? '').slice(basePath.length);
    // HMRC checks the VRN even on paths it does not serve (3.2).
    const vrn = /^\/organisations\/vat\/([^/]+)/.exec(path)?.[1];
    if (vrn !== undefined && !/^\d{9}$/.test(vrn)) {
      return send(reply, flat(400, 'VRN_INVALID', messages.VRN_INVALID));
    }
    if (knownPaths.some((pattern) => pattern.test(path))) {
      return send(reply, flat(405, 'METHOD_NOT_ALLOWED', 'The request method is not allowed for this resource'));
    }
    return send(
      reply,
      flat(404, 'MATCHING_RESOURCE_NOT_FOUND', 'A resource with the name in the request can not be found in the API'),
    );
  });

  await app.register(oauthRoutes(context, basePath));
  await app.register(testUserRoutes(context));
  await app.register(vatRoutes(context, basePath));
  await app.register(vatAssistRoutes(context, basePath));
  const paymentJourneys = new PaymentJourneys(context);
  await app.register(paymentRoutes(context, basePath, paymentJourneys));
  await app.register(paymentPageRoutes(context, basePath, paymentJourneys));
  await app.register(agentRoutes(context, basePath, new AgentAuthorisations(context)));
  await app.register(fraudHeaderRoutes(context));
  if (options.operatorControls) await app.register(operatorRoutes(context));
}
