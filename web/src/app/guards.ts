import type { SessionStatus } from '../state/session.ts';
import type { RouteMatch } from '../router/matchRoute.ts';

/**
 * Redirect rules of spec part 1, §2, as a pure function of the route and what the client knows.
 * "wait" means the answer depends on something still loading (the session being restored, the
 * instance configuration); the view shows a spinner instead of guessing.
 */
export interface GuardContext {
  session: SessionStatus;
  /** The start-up fetches have settled. */
  instanceLoaded: boolean;
  registrationOpen: boolean;
  federating: boolean;
  chatsAvailable: boolean;
  shoutAvailable: boolean;
  redirectRootLogin: string;
  redirectRootNoLogin: string;
}

export type GuardResult =
  { kind: 'render' } | { kind: 'wait' } | { kind: 'redirect'; to: string } | { kind: 'not-found' };

export const DEFAULT_LOGGED_IN_TARGET = '/main/friends';
export const DEFAULT_LOGGED_OUT_TARGET = '/main/all';
const ROOT = '/';
const PUBLIC_TIMELINE = '/main/public';
const CHAT_ROUTES = new Set(['chats', 'chat']);

const RENDER: GuardResult = { kind: 'render' };
const WAIT: GuardResult = { kind: 'wait' };
const redirect = (to: string): GuardResult => ({ kind: 'redirect', to });

/** A configured target, unless it is empty or would send / back to itself. */
function target(configured: string, fallback: string): string {
  return configured && configured !== ROOT && configured.startsWith('/') ? configured : fallback;
}

export const loggedOutTarget = (context: GuardContext) =>
  target(context.redirectRootNoLogin, DEFAULT_LOGGED_OUT_TARGET);

export const loggedInTarget = (context: GuardContext) =>
  target(context.redirectRootLogin, DEFAULT_LOGGED_IN_TARGET);

export function guardRoute(match: RouteMatch | null, context: GuardContext): GuardResult {
  if (!match) return { kind: 'not-found' };
  const { route } = match;
  const restoring = context.session === 'restoring';
  const signedIn = context.session === 'signedIn';

  if (route.name === 'root') {
    if (restoring || !context.instanceLoaded) return WAIT;
    return redirect(signedIn ? loggedInTarget(context) : loggedOutTarget(context));
  }
  if (route.loginRequired && !signedIn) {
    return restoring ? WAIT : redirect(loggedOutTarget(context));
  }
  if (route.name === 'registration' || route.name === 'registration-token') {
    if (restoring) return WAIT;
    if (signedIn) return redirect(ROOT);
    if (route.name === 'registration') {
      if (!context.instanceLoaded) return WAIT;
      if (!context.registrationOpen) return redirect(ROOT);
    }
    return RENDER;
  }
  if (route.name === 'password-reset') {
    if (restoring) return WAIT;
    return signedIn ? redirect(ROOT) : RENDER;
  }
  if (route.name === 'public-external-timeline' && context.instanceLoaded && !context.federating) {
    return redirect(PUBLIC_TIMELINE);
  }
  if (CHAT_ROUTES.has(route.name)) {
    if (!context.instanceLoaded) return WAIT;
    if (!context.chatsAvailable) return { kind: 'not-found' };
  }
  if (route.name === 'shout-panel') {
    if (!context.instanceLoaded) return WAIT;
    if (!context.shoutAvailable) return { kind: 'not-found' };
  }
  return RENDER;
}
