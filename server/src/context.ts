import type { Database } from 'better-sqlite3';
import type { ServerEvents } from './events.ts';
import type { PushTargets } from './push/endpoint-guard.ts';
import type { RegistrationSettings } from './registration/settings.ts';

/** Which kind of server the local instance plays (flavour.ts says how). */
export type Flavour = 'pleroma' | 'mastodon';

export interface AuthenticatedToken {
  /** null for an app-only (client_credentials) token */
  accountId: string | null;
  scopes: string[];
}

/** What every route module and the streaming socket share. Built once by app.ts. */
export interface ServerContext {
  db: Database;
  events: ServerEvents;
  /** Absolute origin the instance is served at, e.g. http://127.0.0.1:4000 (no trailing slash). */
  origin: string;
  /** Data folder: database, uploads, generated images. */
  dataDir: string;
  /** Which kind of server this instance plays (see flavour.ts). */
  flavour: Flavour;
  /** Which push endpoints may be sent to, and how their names are resolved. */
  pushTargets: PushTargets;
  /** Who may sign up and how (registration/settings.ts). */
  registration: RegistrationSettings;
  /** Resolves a bearer token; null when unknown, revoked or expired. */
  authenticate(token: string): AuthenticatedToken | null;
}
