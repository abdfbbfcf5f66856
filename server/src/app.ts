import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerCompression } from './compression.ts';
import { registerCors } from './cors.ts';
import type { AuthenticatedToken, Flavour, ServerContext } from './context.ts';
import { ServerEvents } from './events.ts';
import { openDatabase } from './db/index.ts';
import { findLiveToken } from './db/oauth.ts';
import { parseScopes } from './auth/scopes.ts';
import { registerErrorHandling } from './errors.ts';
import { registerRoutes } from './routes/index.ts';
import { appManifestRoutes } from './app/app-manifest-routes.ts';
import { registerShoutSocket } from './shout-socket.ts';
import { registerStreaming } from './streaming.ts';
import { registerClientServing } from './serve-client.ts';
import { registerFlavour } from './flavour.ts';
import { registerRequestBodies } from './request-bodies.ts';
import { systemResolve, type ResolveHost } from './push/endpoint-guard.ts';
import {
  DEFAULT_REGISTRATION,
  testHooksEnabled,
  type CaptchaKind,
  type RegistrationLimits,
  type RegistrationMode,
} from './registration/settings.ts';

export interface BuildAppOptions {
  /** Data folder; the SQLite file lives at <dataDir>/starling.sqlite. */
  dataDir: string;
  /** Origin the instance is reached at, e.g. http://127.0.0.1:4000. */
  origin: string;
  /** Built client folder to serve at / (omit in API-only tests). */
  clientDir?: string;
  logger?: boolean;
  /** Which kind of server to play (default pleroma); see flavour.ts. */
  flavour?: Flavour;
  /** Development only: allow web push endpoints on this machine (a local push service). */
  allowLoopbackPush?: boolean;
  /** How push endpoint names are resolved (tests stand in for DNS). */
  resolveHost?: ResolveHost;
  /** The mastodon flavour without GET /api/v1/conversations (see flavour.ts). */
  withoutConversations?: boolean;
  /** Who may sign up (default open); see registration/settings.ts. */
  registrations?: RegistrationMode;
  /** The captcha registration asks for (default native). */
  captcha?: CaptchaKind;
  /** New accounts confirm their e-mail address before signing in (default false). */
  accountActivation?: boolean;
  /** Minimum age in days; above 0 a birthday is required (default 0). */
  birthdayMinAge?: number;
  /** Rate limits of sign-up, captchas and password resets (tests lower or raise them). */
  limits?: Partial<RegistrationLimits>;
  /**
   * The environment the test hooks are read from (STARLING_TEST_HOOKS=1 turns them on; default
   * process.env). Tests pass their own rather than changing the process's.
   */
  env?: NodeJS.ProcessEnv;
}

export interface StarlingApp {
  app: FastifyInstance;
  ctx: ServerContext;
}

/** Request bodies above this size are refused (413) before parsing. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Builds the local instance. Tests call this and use app.inject; main.ts calls it and listens.
 * Registration order: context (db, events, auth) -> API routes -> streaming -> client serving.
 */
export async function buildApp(options: BuildAppOptions): Promise<StarlingApp> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
  });
  mkdirSync(options.dataDir, { recursive: true });
  const db = openDatabase(join(options.dataDir, 'starling.sqlite'));
  app.addHook('onClose', () => db.close());

  const ctx: ServerContext = {
    db,
    events: new ServerEvents(),
    origin: options.origin.replace(/\/+$/, ''),
    dataDir: options.dataDir,
    flavour: options.flavour ?? 'pleroma',
    pushTargets: {
      allowLoopback: options.allowLoopbackPush ?? false,
      resolve: options.resolveHost ?? systemResolve,
    },
    registration: {
      mode: options.registrations ?? DEFAULT_REGISTRATION.mode,
      captcha: options.captcha ?? DEFAULT_REGISTRATION.captcha,
      activationRequired: options.accountActivation ?? DEFAULT_REGISTRATION.activationRequired,
      birthdayMinAge: options.birthdayMinAge ?? DEFAULT_REGISTRATION.birthdayMinAge,
      testHooks: testHooksEnabled(options.env ?? process.env),
      limits: { ...DEFAULT_REGISTRATION.limits, ...options.limits },
    },
    authenticate(token: string): AuthenticatedToken | null {
      if (!db.open || !token) return null;
      const row = findLiveToken(db, token);
      return row ? { accountId: row.account_id, scopes: parseScopes(row.scopes) } : null;
    },
  };
  ctx.events.setMaxListeners(0);

  // No response may be sniffed into another type (an uploaded text file rendered as HTML, say).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
  });
  await registerCors(app);
  await registerCompression(app);
  await registerRequestBodies(app);
  await registerErrorHandling(app);
  await registerFlavour(app, ctx, { withoutConversations: options.withoutConversations });
  await registerRoutes(app, ctx);
  await appManifestRoutes(app);
  if (ctx.flavour !== 'mastodon') {
    await registerStreaming(app, ctx);
    await registerShoutSocket(app, ctx);
  }
  if (options.clientDir) await registerClientServing(app, { clientDir: options.clientDir });
  return { app, ctx };
}
