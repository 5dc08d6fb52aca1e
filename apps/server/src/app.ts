import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { businessesPath } from '@vatwise/domain';
import { type Config, embeddedSandboxPath, fraudHeaderSettingWarnings, reachesHmrc } from './config';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/database';
import { confirmSameSecret, whileLocked, whileStartLocked } from './db/start-safety';
import { joinInstances, localSlots, openCluster, redisSlots, sharedRateLimiter } from './platform/cluster';
import { createAuth, migrateAuthTables, sessionStoreOf, trustedOriginsOf } from './features/auth/auth';
import { withSessionLimits } from './features/auth/session-limits';
import { authRoutes } from './features/auth/routes';
import { loadOrCreateSecret } from './features/auth/secret';
import { type Forgotten, type SessionCache, createSessionCache } from './features/auth/session-cache';
import { healthRoutes } from './platform/health/routes';
import { attachLiveSocket, LiveEvents } from './platform/live';
import {
  embeddedAgencyNamer,
  migrateEmbeddedSandbox,
  mountEmbeddedSandbox,
} from './platform/hmrc-simulator/embedded-sandbox';
import { confirmTokenKey, hmrcConnection } from './features/hmrc-connection/setup';
import { hmrcConnectionRoutes } from './features/hmrc-connection/routes';
import { vatOperationsRoutes, withVatData } from './features/vat-operations';
import { returnScreenData } from './features/vat-returns/drafts/screen-data';
import { vatReturnRoutes } from './features/vat-returns/routes';
import { clientApprovalRoutes } from './features/vat-returns/client-approval';
import { assistantRoutes } from './features/assistant/routes';
import { assistantFeature } from './features/assistant/setup';
import { DigestService, deadlineRoutes } from './features/deadlines';
import { hmrcFeedRoutes } from './features/hmrc-feed/routes';
import { homeScreenData } from './features/hmrc-feed/screen-data';
import { hmrcFeedFeature } from './features/hmrc-feed/setup';
import type { AgentService } from './features/agents/agent-service';
import { agentRoutes } from './features/agents/routes';
import { agentsFeature } from './features/agents/setup';
import { authorityChecker } from './features/agents/scheduled/authority-checker';
import {
  BulkInvitationService,
  bulkInvitationRoutes,
  clientRequestRoutes,
  clientRequestsFeature,
} from './features/client-requests';
import { dashboardFeature, dashboardRoutes } from './features/practice-dashboard';
import {
  PracticeAuditLog,
  PracticeClientRepo,
  PracticeClientService,
  PracticeRepo,
  PracticeService,
  practiceRoutes,
  practiceWorkRoutes,
} from './features/practice';
import { PaymentJourneyRepo, PaymentService, paymentRoutes } from './features/payments';
import { WorkspaceMoveRepo, WorkspaceMoveService, workspaceMoveRoutes } from './features/workspace-move';
import { type VatReturnService, vatReturnsFeature } from './features/vat-returns/setup';
import { createMailer } from './platform/mail/mailer';
import { notificationRoutes, notificationsFeature } from './features/notifications';
import { userRoutes } from './features/users/routes';
import accessControl, { sessionUserResolver } from './plugins/access';
import crossSiteGuard from './plugins/cross-site';
import { signedInUserReader } from './features/auth/signed-in-user';
import { spaRoutes } from './platform/spa/routes';
import { createLogger } from './logger';
import compression from './plugins/compression';
import apiDocs from './plugins/api-docs';
import apiRateLimit from './plugins/api-rate-limit';
import errorHandling from './plugins/errors';
import jsonBody from './plugins/json-body';
import nulText from './plugins/nul-text';
import securityHeaders from './plugins/security-headers';
import { version } from './version';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    /** Settles returns left in flight (called once the server listens, and from time to time). */
    vatReturns: VatReturnService;
    /** The background agents; server.ts starts their schedules once it listens. */
    agents: AgentService;
    /** Session reads kept for a few seconds; features that revoke forget a user's entries. */
    sessionCache: SessionCache;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** A logger of the caller's (tests pass one that writes to memory). */
  logger?: Logger;
}

function hopsTrusted(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the whole server from plugins without listening, so tests can run it in-process. */
export async function buildApp({ config, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger ?? createLogger(config.logLevel),
    // Only proxies we were told to trust may name the client (rate limits, HMRC's Gov-Client-Public-IP).
    // A hop count as Fastify reads one at run time; its types list only the other forms.
    trustProxy:
      typeof config.network.trustProxy === 'number'
        ? hopsTrusted(config.network.trustProxy)
        : config.network.trustProxy,
    bodyLimit: 1024 * 1024,
    // In-flight requests finish when closing; new ones get 503 instead of hanging.
    return503OnClosing: true,
  }) as unknown as FastifyInstance;

  await app.register(compression);
  await app.register(securityHeaders, {
    production: config.environment === 'production',
    formTargets: [
      ...new Set([config.hmrc.redirectUri, ...config.hmrc.sandbox.redirectUris].map((uri) => new URL(uri).origin)),
    ],
  });

  // When each request reached us: HMRC's Gov-Client-Public-IP-Timestamp (features/hmrc-connection).
  app.decorateRequest('receivedAt', null as unknown as Date);
  app.addHook('onRequest', async (request) => {
    request.receivedAt = new Date();
  });
  // Settings that make HMRC's Gov-Vendor-Public-IP doubtful, said once with the fix.
  for (const warning of fraudHeaderSettingWarnings({
    production: config.environment === 'production',
    reachesHmrc: reachesHmrc(config.hmrc),
    publicUrl: config.publicUrl,
    network: config.network,
  })) {
    app.log.warn(warning);
  }

  // Redis first: an instance told to share state must not start without it.
  const cluster = await openCluster(config, app.log);
  const database = openDatabase(config.database);
  app.decorate('config', config);
  app.decorate('database', database);
  // Hooks run last-added first: the database and Redis close after everything that uses them.
  app.addHook('onClose', async () => {
    await database.close();
    app.log.info('database closed');
  });
  app.addHook('onClose', () => cluster.close());

  const authSecret = config.auth.secret ?? loadOrCreateSecret(config.dataDir, 'auth-secret');
  const production = config.environment === 'production';
  const mailer = createMailer(config.mail, app.log, production ? undefined : path.join(config.dataDir, 'outbox'));
  const auth = createAuth({
    config,
    database,
    mailer,
    secret: authSecret,
    log: app.log,
  });

  try {
    // One instance at a time changes the schema: several may start together on one database.
    await whileStartLocked(database, async () => {
      // better-auth's tables first: ours may refer to them.
      await migrateAuthTables(auth, database);
      const applied = await migrateToLatest(database.db);
      if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
      await migrateEmbeddedSandbox(config, database);
    });
    // Secrets other than the ones the stored data was made with would break it: refuse to start.
    await confirmSameSecret(database.db, 'AUTH_SECRET', authSecret);
    await confirmTokenKey(config, database);
    // Alone, or beside others that share Redis as this one does; else it refuses to start.
    const registration = await whileLocked(database, 'vat-wise-instances', () =>
      joinInstances(database.db, { id: cluster.instanceId, shared: cluster.redis !== null, log: app.log }),
    );
    app.addHook('onClose', () => registration.leave());
  } catch (error) {
    await database.close();
    await cluster.close();
    throw error;
  }

  await app.register(errorHandling);
  await app.register(jsonBody);
  await app.register(nulText);
  // Before any route: it collects each route's zod schemas as the routes are added.
  await app.register(apiDocs, { production: config.environment === 'production', version });
  // The simulator's sign-in and grant forms carry CSRF tokens of their own, as HMRC's do.
  await app.register(crossSiteGuard, { trustedOrigins: trustedOriginsOf(config), exemptPaths: [embeddedSandboxPath] });
  const practices = new PracticeService({
    repo: new PracticeRepo(database.db),
    log: app.log,
    invitationSecret: authSecret,
    publicUrl: config.publicUrl,
  });
  const sessionCache = createSessionCache(
    sessionUserResolver(
      withSessionLimits(
        (input: { headers: Headers }) => auth.api.getSession(input),
        sessionStoreOf(auth),
        config.auth.sessions,
      ),
      practices.practiceOfSession,
    ),
    undefined,
    {
      publish: (forgotten) => cluster.bus.publish('session-forget', forgotten),
      subscribe: (handler) => cluster.bus.subscribe('session-forget', (message) => handler(message as Forgotten)),
    },
  );
  app.decorate('sessionCache', sessionCache);
  const resolveUser = sessionCache.resolveUser;
  // Just before access control, so that it counts the requests access control refuses too, and
  // keys signed-in ones by account through the same session cache (plugins/api-rate-limit.ts).
  await app.register(apiRateLimit, {
    perMinute: config.network.apiRateLimitPerMinute,
    resolveUser,
    redis: cluster.redis ? { client: cluster.redis.commands, nameSpace: cluster.redis.key('limits:api:') } : undefined,
  });
  await app.register(accessControl, { resolveUser });
  await app.register(healthRoutes, { prefix: '/api' });
  const redis = cluster.redis;
  await app.register(authRoutes, {
    prefix: '/api',
    auth,
    config,
    resolveUser,
    ...(redis ? { rateLimiters: (name, limit) => sharedRateLimiter(redis, name, limit) } : {}),
    invitationSecret: authSecret,
    // Open sockets follow their member out of (or into) a practice, on every instance.
    onMembershipChanged: () => liveSocket.membershipChanged(),
  });
  await app.register(userRoutes, { prefix: '/api' });
  await app.register(practiceRoutes, { prefix: '/api', practices });
  await mountEmbeddedSandbox(app, config, database);
  const hmrc = withVatData(
    hmrcConnection(config, database, authSecret, app.log, practices, redis ? redisSlots(redis) : localSlots()),
  );
  await app.register(hmrcConnectionRoutes, { prefix: '/api', ...hmrc });
  await app.register(vatOperationsRoutes, { prefix: '/api', ...hmrc });
  await app.register(paymentRoutes, {
    prefix: '/api',
    fraud: hmrc.fraud,
    payments: new PaymentService({
      repo: new PaymentJourneyRepo(database.db),
      vatData: hmrc.vatData,
      client: hmrc.client,
      activity: practices,
      publicUrl: config.publicUrl,
    }),
  });
  await app.register(workspaceMoveRoutes, {
    prefix: '/api',
    workspaceMove: new WorkspaceMoveService({
      repo: new WorkspaceMoveRepo(database.db),
      activity: practices,
      announce: (workspaceId, vrn) => hmrc.service.announceBusinessesChanged(workspaceId, vrn),
      nameAgency: embeddedAgencyNamer(config, database),
    }),
  });
  const vatReturns = vatReturnsFeature(database, hmrc, app.log, practices, { mailer, publicUrl: config.publicUrl });
  app.addHook('onClose', () => vatReturns.close());
  app.decorate('vatReturns', vatReturns.service);
  await app.register(vatReturnRoutes, { prefix: '/api', ...vatReturns });
  if (vatReturns.clientApproval) {
    await app.register(clientApprovalRoutes, { prefix: '/api', clientApproval: vatReturns.clientApproval });
  }
  await app.register(assistantRoutes, { prefix: '/taxgpt/api', ...assistantFeature(config, database, hmrc, app.log) });
  await app.register(hmrcFeedRoutes, { prefix: '/api', ...hmrcFeedFeature(config, app.log) });
  const digest = new DigestService({
    db: database.db,
    mailer,
    log: app.log,
    delivery: config.mail.smtpUrl ? 'smtp' : production ? 'none' : 'outbox',
  });
  await app.register(deadlineRoutes, { prefix: '/api', ...hmrc, digest });
  const practiceClients = new PracticeClientService({
    repo: new PracticeClientRepo(database.db),
    activity: practices,
    reaches: async (user, vrn) =>
      (await hmrc.service.listBusinesses(user)).businesses.some((business) => business.vrn === vrn),
  });
  await app.register(practiceWorkRoutes, {
    prefix: '/api',
    clients: practiceClients,
    audit: new PracticeAuditLog(database.db),
  });
  const dashboard = dashboardFeature(database, hmrc, app.log);
  app.addHook('onClose', () => dashboard.dashboard.close());
  await app.register(dashboardRoutes, {
    prefix: '/api',
    ...dashboard,
    assignees: (user) => practiceClients.assignees(user),
  });
  // The live channel: what features send to the browsers, each to its users' rooms.
  const live = new LiveEvents();
  const liveSocket = attachLiveSocket(app, {
    events: live,
    resolveUser,
    trustedOrigins: trustedOriginsOf(config),
    production,
    redis: cluster.redis,
    bus: cluster.bus,
  });
  // An import's progress, to the browser of the user who sent it.
  vatReturns.onImportProgress((userId, progress) => live.send({ user: userId }, 'import:progress', progress));
  // A workspace's businesses and returns under review, to every member's browsers (a workspace's
  // id is its members' room): their open lists and pages read again what changed.
  hmrc.service.onBusinessesChanged((workspaceId, change) =>
    live.send({ user: workspaceId }, 'businesses:changed', change),
  );
  vatReturns.service.onReturnChanged((workspaceId, change) =>
    live.send({ user: workspaceId }, 'return:changed', change),
  );
  const agents = await agentsFeature(app, {
    config,
    database,
    hmrc,
    vatReturns: vatReturns.service,
    events: live,
    digest,
    cluster,
    log: app.log,
  });
  app.decorate('agents', agents.agents);
  const notifications = notificationsFeature({
    db: database.db,
    mailer,
    delivery: config.mail.smtpUrl ? 'smtp' : production ? 'none' : 'outbox',
    publicUrl: config.publicUrl,
    log: app.log,
    onActivity: (listener) => practices.onActivity(listener),
    events: live,
  });
  app.addHook('onClose', () => notifications.close());
  await app.register(notificationRoutes, { prefix: '/api', ...notifications });
  await app.register(agentRoutes, { prefix: '/api', ...agents, resolveUser });
  const clientRequests = clientRequestsFeature(database, hmrc, agents.authoriser, app.log, practices);
  agents.agents.register(authorityChecker(clientRequests.clientRequests, hmrc.fraud));
  await app.register(clientRequestRoutes, { prefix: '/api', ...clientRequests });
  await app.register(bulkInvitationRoutes, {
    prefix: '/api',
    fraud: clientRequests.fraud,
    bulkInvitations: new BulkInvitationService({
      clientRequests: clientRequests.clientRequests,
      contacts: practiceClients,
      log: app.log,
    }),
  });
  await app.register(spaRoutes, {
    distDir: config.webDistDir,
    signedInUser: signedInUserReader(app, resolveUser),
    screenData: { ...homeScreenData, ...returnScreenData },
    // The header's business switcher and most screens read the businesses first.
    mainReads: async (request) => {
      const user = await resolveUser(request);
      return user ? { [businessesPath]: await hmrc.service.listBusinesses(user) } : {};
    },
    ...(config.environment === 'development' ? { canonicalLoopbackOrigin: new URL(config.publicUrl).origin } : {}),
    clientConfig: {
      helpUrl: config.helpUrl,
      showThemeSwitcher: config.showThemeSwitcher,
      environment: config.environment,
      version,
      socialProviders: [
        ...(config.auth.google ? ['google' as const] : []),
        ...(config.auth.github ? ['github' as const] : []),
      ],
      authGuard: !config.auth.guardDisabled,
      hmrcEnvironment: config.hmrc.environment,
      hmrcSimulator: config.hmrc.mode === 'embedded',
    },
  });
  return app;
}
