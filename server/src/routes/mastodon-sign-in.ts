import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { hashSecret, randomToken } from '../auth/random.ts';
import { getAccount } from '../db/accounts.ts';
import { checkCodeWithinLimits, checkTotp, useRecoveryCode } from '../db/mfa.ts';
import { ApiError } from '../errors.ts';
import { escapeHtml } from '../views/html.ts';
import { AWAITING_APPROVAL, UNCONFIRMED, checkLogin } from './login.ts';
import {
  PAGE_HEADERS,
  errorBlock,
  errorPage,
  finish as redirectWithCode,
  hidden,
  page,
  parseAuthorizeRequest,
  TOO_MANY_CODES,
  withErrorPage,
  type AuthorizeRequest,
} from './oauth-authorize.ts';
import { paramsOf, str } from './params.ts';

/**
 * How a plain Mastodon server signs a browser in (`--flavour mastodon`): `/oauth/authorize`
 * without a signed-in browser session sends the browser to the server's own sign-in page,
 * `/auth/sign_in`, which signs in with a session cookie (CSRF-checked forms, a second step for
 * two-factor accounts) and returns to authorize, where the user approves or denies the app.
 * Clients must therefore send the browser to the server's own origin; forms posted anywhere
 * else carry neither the cookie nor the form token.
 */

export const SIGN_IN_PATH = '/auth/sign_in';
export const SESSION_COOKIE = '_starling_mastodon_session';
const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
const MAX_SESSIONS = 10_000;
/** Wrong second-factor codes one password sign-in may try before it has to start over. */
export const CODE_ATTEMPTS = 5;
const AUTHORIZE_PATH = '/oauth/authorize';
const OOB = 'urn:ietf:wg:oauth:2.0:oob';

interface BrowserSession {
  /** The form token every form of this session carries (authenticity_token). */
  csrf: string;
  accountId: string | null;
  /** Signed in with a password, waiting for the second factor. */
  pendingAccountId: string | null;
  codeAttempts: number;
  /** Where to go once signed in (the authorize request that sent the browser here). */
  returnTo: string | null;
  expiresAt: number;
}

/** Sessions by hashed cookie value, per instance; a restart signs browsers out, as it may. */
const sessionsByInstance = new WeakMap<ServerContext, Map<string, BrowserSession>>();

function sessionsOf(ctx: ServerContext): Map<string, BrowserSession> {
  let sessions = sessionsByInstance.get(ctx);
  if (!sessions) {
    sessions = new Map();
    sessionsByInstance.set(ctx, sessions);
  }
  return sessions;
}

function cookieValue(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=') || null;
  }
  return null;
}

function currentSession(ctx: ServerContext, request: FastifyRequest): BrowserSession | null {
  const id = cookieValue(request, SESSION_COOKIE);
  if (!id) return null;
  const sessions = sessionsOf(ctx);
  const session = sessions.get(hashSecret(id));
  if (!session) return null;
  if (session.expiresAt <= Date.now()) {
    sessions.delete(hashSecret(id));
    return null;
  }
  return session;
}

/** A new session (a new cookie): on the first visit, and again on signing in (no fixation). */
function startSession(
  ctx: ServerContext,
  reply: FastifyReply,
  from: Partial<BrowserSession> = {},
): BrowserSession {
  const sessions = sessionsOf(ctx);
  const now = Date.now();
  for (const [key, old] of sessions) if (old.expiresAt <= now) sessions.delete(key);
  // Every cookieless visit starts one: past the cap the oldest go (a Map keeps insertion order).
  for (const key of sessions.keys()) {
    if (sessions.size < MAX_SESSIONS) break;
    sessions.delete(key);
  }
  const id = randomToken();
  const session: BrowserSession = {
    csrf: randomToken(),
    accountId: null,
    pendingAccountId: null,
    codeAttempts: 0,
    returnTo: null,
    ...from,
    expiresAt: now + SESSION_LIFETIME_MS,
  };
  sessions.set(hashSecret(id), session);
  const secure = ctx.origin.startsWith('https:') ? '; Secure' : '';
  void reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_LIFETIME_MS / 1000}${secure}`,
  );
  return session;
}

function endSessionCookie(ctx: ServerContext, request: FastifyRequest): void {
  const id = cookieValue(request, SESSION_COOKIE);
  if (id) sessionsOf(ctx).delete(hashSecret(id));
}

const csrfField = (session: BrowserSession) =>
  `<input type="hidden" name="authenticity_token" value="${escapeHtml(session.csrf)}">`;

function signInPage(session: BrowserSession, error?: string, username = ''): string {
  return page(
    'Sign in',
    `<h2>Sign in</h2>
${errorBlock(error)}
<form method="post" action="${SIGN_IN_PATH}">
${csrfField(session)}
<label for="username">Username or e-mail</label>
<input id="username" name="username" autocomplete="username" required value="${escapeHtml(username)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

function codePage(session: BrowserSession, error?: string): string {
  return page(
    'Two-factor authentication',
    `<h2>Two-factor authentication</h2>
<p>Enter the code from your authenticator app, or one of your recovery codes.</p>
${errorBlock(error)}
<form method="post" action="${SIGN_IN_PATH}">
${csrfField(session)}
<label for="code">Code</label>
<input id="code" name="code" autocomplete="one-time-code" inputmode="text" required>
<button type="submit">Verify</button>
</form>`,
  );
}

function approvalPage(session: BrowserSession, request: AuthorizeRequest, nickname: string) {
  const scopes = request.scopes.map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join('');
  return page(
    'Authorization required',
    `<h2>Authorization required</h2>
<p><strong>${escapeHtml(request.app.name)}</strong> would like to use the account <strong>@${escapeHtml(nickname)}</strong> with these permissions:</p>
<ul class="scopes">${scopes}</ul>
<form method="post" action="${AUTHORIZE_PATH}">
${hidden(request)}
${csrfField(session)}
<button type="submit" name="decision" value="approve">Authorize</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
  );
}

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).headers(PAGE_HEADERS).send(html);

/** The authorize request again, as the address to return to after signing in. */
function authorizeAddress(request: AuthorizeRequest): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: request.app.client_id,
    redirect_uri: request.redirectUri,
    scope: request.scopes.join(' '),
  });
  if (request.state) query.set('state', request.state);
  return `${AUTHORIZE_PATH}?${query.toString()}`;
}

function sendToSignIn(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthorizeRequest,
) {
  const session = currentSession(ctx, request) ?? startSession(ctx, reply);
  session.returnTo = authorizeAddress(auth);
  return reply.header('cache-control', 'no-store').redirect(SIGN_IN_PATH, 302);
}

/** Forms must carry this session's token: a form posted from elsewhere is refused. */
function checkForm(session: BrowserSession | null, token: string | undefined): BrowserSession {
  if (!session || !token || token !== session.csrf)
    throw new ApiError(422, 'The form expired or came from elsewhere. Please go back and retry.');
  return session;
}

/** The signed-in browser goes back where it came from, in a fresh session (a new cookie). */
function signedIn(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  old: BrowserSession,
  accountId: string,
) {
  endSessionCookie(ctx, request);
  startSession(ctx, reply, { accountId });
  return reply.header('cache-control', 'no-store').redirect(old.returnTo ?? '/', 302);
}

export async function mastodonSignInRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
): Promise<void> {
  app.get(SIGN_IN_PATH, async (request, reply) => {
    const session = currentSession(ctx, request) ?? startSession(ctx, reply);
    if (session.accountId)
      return reply.header('cache-control', 'no-store').redirect(session.returnTo ?? '/', 302);
    if (session.pendingAccountId) return sendPage(reply, 200, codePage(session));
    return sendPage(reply, 200, signInPage(session));
  });

  app.post(SIGN_IN_PATH, async (request, reply) =>
    withErrorPage(reply, async () => {
      const params = paramsOf(request);
      const session = checkForm(currentSession(ctx, request), str(params.authenticity_token));
      if (session.pendingAccountId) {
        const accountId = session.pendingAccountId;
        const code = (str(params.code) ?? '').trim();
        const outcome = checkCodeWithinLimits(
          ctx.db,
          accountId,
          () => useRecoveryCode(ctx.db, accountId, code) || checkTotp(ctx.db, accountId, code),
        );
        if (outcome === 'passed') return signedIn(ctx, request, reply, session, accountId);
        if (outcome === 'throttled') return sendPage(reply, 429, codePage(session, TOO_MANY_CODES));
        session.codeAttempts += 1;
        if (session.codeAttempts < CODE_ATTEMPTS)
          return sendPage(reply, 401, codePage(session, 'Invalid two-factor code.'));
        session.pendingAccountId = null;
        session.codeAttempts = 0;
        return sendPage(
          reply,
          401,
          signInPage(session, 'Too many wrong codes. Please sign in again.'),
        );
      }
      const username = str(params.username) ?? '';
      const outcome = await checkLogin(ctx, username, str(params.password) ?? '');
      switch (outcome.kind) {
        case 'ok':
          return signedIn(ctx, request, reply, session, outcome.account.id);
        case 'mfa':
          session.pendingAccountId = outcome.account.id;
          session.codeAttempts = 0;
          return sendPage(reply, 200, codePage(session));
        case 'reset_required':
          return sendPage(
            reply,
            403,
            signInPage(session, 'You must reset your password to log in.', username),
          );
        case 'disabled':
          return sendPage(
            reply,
            403,
            signInPage(session, 'Your account is currently disabled.', username),
          );
        case 'awaiting_approval':
          return sendPage(reply, 403, signInPage(session, AWAITING_APPROVAL, username));
        case 'unconfirmed':
          return sendPage(reply, 403, signInPage(session, `${UNCONFIRMED}.`, username));
        case 'invalid':
          return sendPage(
            reply,
            401,
            signInPage(session, 'Invalid username or password.', username),
          );
      }
    }),
  );

  app.get(AUTHORIZE_PATH, async (request, reply) =>
    withErrorPage(reply, async () => {
      const auth = parseAuthorizeRequest(ctx, paramsOf(request));
      // Mastodon's force_login: a client adding another account asks for a fresh sign-in
      // rather than an approval as whoever this browser is still signed in as.
      if (str(paramsOf(request).force_login) === 'true') endSessionCookie(ctx, request);
      const session = currentSession(ctx, request);
      const account = session?.accountId ? getAccount(ctx.db, session.accountId) : undefined;
      if (!session || !account) return sendToSignIn(ctx, request, reply, auth);
      return sendPage(reply, 200, approvalPage(session, auth, account.nickname));
    }),
  );

  app.post(AUTHORIZE_PATH, async (request, reply) =>
    withErrorPage(reply, async () => {
      const params = paramsOf(request);
      const auth = parseAuthorizeRequest(ctx, params);
      const current = currentSession(ctx, request);
      const accountId = current?.accountId;
      if (!accountId) return sendToSignIn(ctx, request, reply, auth);
      const session = checkForm(current, str(params.authenticity_token));
      session.returnTo = null;
      if (str(params.decision) !== 'approve') {
        if (auth.redirectUri === OOB)
          return sendPage(reply, 403, errorPage('The authorization was denied.'));
        const target = new URL(auth.redirectUri);
        target.searchParams.set('error', 'access_denied');
        if (auth.state) target.searchParams.set('state', auth.state);
        return reply.header('cache-control', 'no-store').redirect(target.toString(), 302);
      }
      return redirectWithCode(ctx, reply, auth, accountId);
    }),
  );
}
