import {
  type AccessPresetName,
  accessPresets,
  effectiveRole,
  type PracticeAction,
  practiceRoleCan,
  practiceRoleRequiredMessage,
  type PracticeSummary,
  Role,
} from '@vatwise/domain';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { AppError } from './errors';

/**
 * Who may call a route, declared once in the route's own options (`config.access`):
 *  - 'public': anyone, signed in or not;
 *  - 'signedIn': any signed-in account, whatever its role;
 *  - a list of roles: signed-in accounts with one of them. Guests (no account, or an account
 *    whose role is Guest) get 401; signed-in users with another role get 403.
 */
export type Access = 'public' | 'signedIn' | readonly Role[];

/**
 * A route's access from one of the domain's named presets, the ones the web app's screens name:
 * open to someone not signed in -> 'public'; open to every role -> 'signedIn'; else its roles.
 */
export function accessOf(preset: AccessPresetName): Access {
  const { roles, anonymous } = accessPresets[preset] as { roles: readonly Role[]; anonymous?: boolean };
  if (anonymous) return 'public';
  return roles.includes(Role.Guest) ? 'signedIn' : roles;
}

/** The route config for anyone, signed in or not (health, sign-in, the news feed). */
export const everyone = { access: accessOf('everyone') } as const;

/**
 * The route config for what belongs to an account (VAT data, returns, conversations, agents):
 * Admins and Editors; a guest is asked to sign in (docs/reference/product.md §5 and 6).
 */
export const accountHolders = { access: accessOf('accountHolders') } as const;

/** The route config for the installation's administration (User Management, the agents' runs). */
export const adminsOnly = { access: accessOf('adminsOnly') } as const;

/**
 * An account holder's route that a practice member may call only if their role may do `action`
 * (packages/domain/src/practice/permissions.ts); someone working alone may do everything.
 */
export const practiceMay = (action: PracticeAction) => ({ ...accountHolders, can: action }) as const;

/** Refuses a practice member whose role may not do `action` (for a service whose rule depends on the data). */
export function assertPracticeMay(user: SessionUser, action: PracticeAction): void {
  if (!practiceRoleCan(user.practice?.role ?? null, action)) {
    // Approving keeps its own code, which the review screens word for a preparer.
    const code = action === 'approve' ? 'APPROVER_ROLE_REQUIRED' : 'PRACTICE_ROLE_REQUIRED';
    throw new AppError(code, practiceRoleRequiredMessage(action));
  }
}

export interface SessionUser {
  /** The person: what they say and do is theirs (MFA, who sent a return, their conversations). */
  id: string;
  email: string;
  name: string;
  role: Role;
  twoFactorEnabled: boolean;
  /**
   * Whose businesses, records, returns and HMRC authority this session works on: the practice
   * the session works in (when the user is still its member), else the person's own (their id).
   */
  workspaceId: string;
  /** The practice the session works in, with the member's role; null when working alone. */
  practice: PracticeSummary | null;
}

/** Finds the practice a session works in, checking the user is still a member of it. */
export type PracticeOfSession = (userId: string, activePracticeId: string) => Promise<PracticeSummary | null>;

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
  /** The practice action the route does, when it is not open to every member. */
  can?: PracticeAction;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its declared access, for the route-by-role test and for review. */
    declaredRoutes: DeclaredRoute[];
  }
  interface FastifyContextConfig {
    access?: Access;
    can?: PracticeAction;
  }
  interface FastifyRequest {
    /** The signed-in user, resolved for every route that is not public. */
    user: SessionUser | null;
  }
}

/** Paths that must declare access: everything the API serves. Static files and SPA pages are public. */
export function needsAccessDeclaration(url: string): boolean {
  return url.startsWith('/api') || url.startsWith('/taxgpt');
}

export interface AccessOptions {
  /** Reads the session behind a request's cookie; null when there is none. */
  resolveUser(request: FastifyRequest): Promise<SessionUser | null>;
}

async function accessControl(app: FastifyInstance, options: AccessOptions) {
  app.decorateRequest('user', null);
  const declaredRoutes: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declaredRoutes);

  // A route without a declaration stops the server from starting (and so fails every test).
  app.addHook('onRoute', (route) => {
    if (!needsAccessDeclaration(route.url)) return;
    const access = route.config?.access;
    if (access === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare its access (config.access).`);
    }
    for (const method of ([] as string[]).concat(route.method)) {
      if (method !== 'HEAD') declaredRoutes.push({ method, url: route.url, access, can: route.config?.can });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const user = await options.resolveUser(request);
    request.user = user;
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (access === 'signedIn') return;
    if (user.role === Role.Guest) throw new AppError('UNAUTHENTICATED');
    if (!access.includes(user.role)) throw new AppError('FORBIDDEN');
    const action = request.routeOptions.config.can;
    if (action) assertPracticeMay(user, action);
  });
}

export default fp(accessControl, { name: 'access-control' });

/**
 * The user behind a better-auth session, or null. A disabled account has no usable session. Takes
 * anything with headers: an API request or the socket's handshake.
 */
export function sessionUserResolver(
  getSession: (input: {
    headers: Headers;
  }) => Promise<{ user: Record<string, unknown>; session?: { activeOrganizationId?: unknown } } | null>,
  practiceOf: PracticeOfSession,
) {
  return async (request: { headers: IncomingHttpHeaders }): Promise<SessionUser | null> => {
    const session = await getSession({ headers: fromNodeHeaders(request.headers) });
    const user = session?.user;
    if (!user || user.disabled === true || user.disabled === 1) return null;
    const id = String(user.id);
    const activePracticeId = session.session?.activeOrganizationId;
    const practice = typeof activePracticeId === 'string' ? await practiceOf(id, activePracticeId) : null;
    return {
      id,
      email: String(user.email),
      name: String(user.name ?? ''),
      role: effectiveRole(user.role as number | null | undefined),
      twoFactorEnabled: user.twoFactorEnabled === true || user.twoFactorEnabled === 1,
      workspaceId: practice?.id ?? id,
      practice,
    };
  };
}

/** The signed-in user of a route whose access is not public (the access hook has set it). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}
