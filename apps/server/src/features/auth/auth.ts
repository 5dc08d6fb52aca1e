import { effectiveRole, passwordProblem, Role } from '@vatwise/domain';
import { kyselyAdapter } from '@better-auth/kysely-adapter';
// The minimal build and single plugins: the full entry loads every adapter and plugin, which took
// a third of the server's start-up.
import { betterAuth } from 'better-auth/minimal';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { getMigrations } from 'better-auth/db/migration';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { organization } from 'better-auth/plugins/organization';
import { adminAc, defaultAc, ownerAc } from 'better-auth/plugins/organization/access';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import type { Mailer } from '../../platform/mail';
import { acceptingByLink } from './invitation-links';
import { recordMultiFactor } from './multi-factor';
import { askedToBeRemembered, rememberedTermSeconds, type SessionStore } from './session-limits';

export interface AuthDependencies {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  secret: string;
  log: Logger;
}

/** Origins allowed to send state-changing requests: our own, any configured, and Vite's in development. */
export function trustedOriginsOf(config: Config): string[] {
  const origins = new Set([new URL(config.publicUrl).origin, ...config.auth.trustedOrigins]);
  if (config.environment === 'development') origins.add('http://localhost:5173');
  return [...origins];
}

/** better-auth inside our server: email and password, TOTP, Google and GitHub, in our database. */
export function createAuth({ config, database, mailer, secret, log }: AuthDependencies) {
  const { db } = database;
  const google = config.auth.google;
  const github = config.auth.github;
  /**
   * Where mail reaches people (SMTP_URL set), an address is proved before its first sign-in, and
   * sign-up answers alike whether or not the address has an account: a new one gets the link to
   * finish, an existing one's owner is told by mail (ASVS 2.1, 3.x). Without a mail server nobody
   * could receive the link, so an account signs in as soon as it is made (the embedded default).
   */
  const verifyByMail = Boolean(config.mail.smtpUrl);
  // A mail failure is the operator's to fix (logged); the visitor gets the usual answer, which
  // must not differ between addresses with and without an account.
  const sendQuietly = (to: string, subject: string, lines: string[]) =>
    mailer
      .send({ to, subject, text: lines.join('\n') })
      .catch((error: unknown) => log.error({ err: error, to, subject }, 'a mail could not be sent'));

  return betterAuth({
    appName: 'VAT Wise',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: kyselyAdapter(db, { type: database.kind, transaction: database.kind === 'postgres' }),
    trustedOrigins: trustedOriginsOf(config),
    telemetry: { enabled: false },
    // Our own limiter (features/auth/routes.ts) counts per IP and per email.
    rateLimit: { enabled: false },
    logger: {
      log: (level, message) => log[level]({ component: 'better-auth' }, message),
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await sendQuietly(user.email, 'Reset your VAT Wise password', [
          `Hello ${user.name || user.email},`,
          '',
          'Someone asked to reset the password of your VAT Wise account. To choose a new password, open this link within one hour:',
          '',
          url,
          '',
          'If it was not you, ignore this message: your password stays as it is.',
        ]);
      },
      requireEmailVerification: verifyByMail,
      onExistingUserSignUp: async ({ user }) => {
        await sendQuietly(user.email, 'Your VAT Wise account', [
          `Hello ${user.name || user.email},`,
          '',
          'Someone tried to create a VAT Wise account with this address, which already has one. If it was you, sign in, or reset your password if you have forgotten it.',
          '',
          `${config.publicUrl}/user/login`,
          '',
          'If it was not you, ignore this message: nothing has changed.',
        ]);
      },
    },
    emailVerification: {
      sendOnSignUp: verifyByMail,
      // An unproved address that signs in with its password is sent the link again.
      sendOnSignIn: verifyByMail,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await sendQuietly(user.email, 'Finish creating your VAT Wise account', [
          `Hello ${user.name || user.email},`,
          '',
          'To finish creating your VAT Wise account, open this link within 24 hours:',
          '',
          url,
          '',
          'If it was not you, ignore this message: the account cannot be used without it.',
        ]);
      },
    },
    user: {
      additionalFields: {
        role: { type: 'number', required: false, input: false },
        disabled: { type: 'boolean', required: false, defaultValue: false, input: false },
        lastLoginAt: { type: 'date', required: false, input: false },
      },
    },
    // The product reference's rule: an email that already has an account signs in only with its original method.
    account: { accountLinking: { enabled: false } },
    session: {
      cookieCache: { enabled: false },
      // Remembered sessions slide by a day at a time up to this term; session-limits.ts ends
      // every session by our own limits first (idle, hours after sign-in, days when remembered).
      expiresIn: rememberedTermSeconds(config.auth.sessions),
      updateAge: 86_400,
      additionalFields: {
        rememberMe: { type: 'boolean', required: false, input: false },
        lastSeenAt: { type: 'date', required: false, input: false },
      },
    },
    advanced: {
      cookiePrefix: 'vatwise',
      useSecureCookies: config.environment === 'production',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    socialProviders: github ? { github: { clientId: github.clientId, clientSecret: github.clientSecret } } : {},
    plugins: [
      twoFactor({ issuer: 'VAT Wise' }),
      organization({
        // A practice holds its clients' records, returns and HMRC authority: it is never deleted
        // by a click (an operator can, in the database, once its data has gone elsewhere).
        disableOrganizationDeletion: true,
        allowUserToCreateOrganization: (user) => effectiveRole(user.role as number | undefined) !== Role.Guest,
        invitationExpiresIn: 7 * 24 * 60 * 60,
        cancelPendingInvitationsOnReInvite: true,
        // Preparers and reviewers manage nothing of the practice itself; what they may do with
        // its returns is VAT Wise's rule (canApproveReturns), not better-auth's.
        roles: {
          owner: ownerAc,
          admin: adminAc,
          preparer: defaultAc.newRole({}),
          reviewer: defaultAc.newRole({}),
        },
        // Only a proved address answers an invitation, or whoever holds the link its sender handed
        // over (invitation-links.ts): without mail no address is ever proved, and anyone may sign
        // up with an invited address.
        organizationHooks: {
          beforeAcceptInvitation: async ({ invitation, user }) => {
            if (user.emailVerified || acceptingByLink.getStore() === invitation.id) return;
            throw new APIError('FORBIDDEN', {
              message: 'Verify your e-mail address, or open the invitation link the practice gave you, to accept.',
              code: 'EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION',
            });
          },
          beforeRejectInvitation: async ({ invitation, user }) => {
            if (user.emailVerified || acceptingByLink.getStore() === invitation.id) return;
            throw new APIError('FORBIDDEN', {
              message: 'Verify your e-mail address, or open the invitation link the practice gave you, to decline.',
              code: 'EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION',
            });
          },
        },
        sendInvitationEmail: async ({ email, organization: practice, inviter, role, invitation }) => {
          await sendQuietly(email, `Join ${practice.name} on VAT Wise`, [
            'Hello,',
            '',
            `${inviter.user.name || inviter.user.email} invites you to join ${practice.name} on VAT Wise as ${role}.`,
            '',
            `Sign in or create your account with this address (${email}), then accept the invitation here before ${new Date(invitation.expiresAt).toUTCString()}:`,
            '',
            `${config.publicUrl}/app/practice?invitation=${encodeURIComponent(invitation.id)}`,
            '',
            'If you were not expecting it, ignore this message.',
          ]);
        },
      }),
      // Google through OpenID Connect discovery, so its issuer can be any OIDC server (tests run a local one).
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  name: 'Google',
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  discoveryUrl: `${google.issuerUrl}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    databaseHooks: {
      user: {
        create: {
          // The first account of a fresh installation, and any ADMIN_EMAILS address, is Admin.
          before: async (user) => {
            const count = await db
              .selectFrom('user')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirst();
            const first = Number(count?.n ?? 0) === 0;
            const listed = config.auth.adminEmails.includes(user.email.toLowerCase());
            return { data: { ...user, role: first || listed ? Role.Admin : Role.Editor, disabled: false } };
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            const user = await db
              .selectFrom('user')
              .select('disabled')
              .where('id', '=', session.userId)
              .executeTakeFirst();
            if (user?.disabled) {
              throw new APIError('FORBIDDEN', {
                message: 'This account has been disabled. Contact your administrator.',
                code: 'ACCOUNT_DISABLED',
              });
            }
            const now = Date.now();
            return {
              data: {
                ...session,
                rememberMe: askedToBeRemembered(new Date(session.expiresAt), now),
                lastSeenAt: new Date(now),
              },
            };
          },
          after: async (session) => {
            await db
              .updateTable('user')
              .set({ lastLoginAt: new Date().toISOString() })
              .where('id', '=', session.userId)
              .execute();
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (!['/sign-up/email', '/reset-password', '/change-password'].includes(ctx.path)) return;
        const body = ctx.body as { password?: unknown; newPassword?: unknown } | undefined;
        const candidate = ctx.path === '/sign-up/email' ? body?.password : body?.newPassword;
        if (typeof candidate === 'string' && passwordProblem(candidate) === 'TOO_COMMON') {
          throw new APIError('BAD_REQUEST', {
            message: 'This password is too common. Choose one that is harder to guess.',
            code: 'PASSWORD_TOO_COMMON',
          });
        }
        // A changed password ends every other session, whatever the caller asked (ASVS 3.3.3):
        // whoever knew the old one is signed out everywhere; this browser gets a new session.
        if (ctx.path === '/change-password') return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        const proved =
          ctx.path === '/two-factor/verify-totp'
            ? 'TOTP'
            : ctx.path === '/two-factor/verify-backup-code'
              ? 'OTHER'
              : undefined;
        const userId = ctx.context.newSession?.user.id;
        if (proved && userId) await recordMultiFactor(db, userId, proved);
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Creates or updates better-auth's own tables. Runs before our migrations, which may refer to them. */
export async function migrateAuthTables(auth: Auth, database: DatabaseHandle): Promise<void> {
  // Migrations read the database itself, not the adapter the minimal build is given.
  const { runMigrations } = await getMigrations({
    ...auth.options,
    database: { db: database.db, type: database.kind },
  });
  await runMigrations();
}

/** Ends and marks sessions through better-auth's own adapter, so its storage stays the one truth. */
export function sessionStoreOf(auth: Auth): SessionStore {
  return {
    async end(token) {
      await (await auth.$context).internalAdapter.deleteSession(token);
    },
    async markSeen(token, at) {
      await (await auth.$context).internalAdapter.updateSession(token, { lastSeenAt: at });
    },
  };
}
