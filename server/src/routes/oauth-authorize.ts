import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerContext } from '../context.ts';
import { answerMfaChallenge } from '../db/mfa.ts';
import {
  createAuthorizationCode,
  createMfaToken,
  deleteMfaToken,
  findMfaToken,
  getAppByClientId,
  type AppRow,
} from '../db/oauth.ts';
import { ApiError } from '../errors.ts';
import { scopeOffered } from '../flavour.ts';
import { isAllowedRedirectUri } from '../auth/redirect-uri.ts';
import { escapeHtml } from '../views/html.ts';
import { INSTANCE_TITLE } from './constants.ts';
import { AWAITING_APPROVAL, UNCONFIRMED, checkLogin } from './login.ts';
import { requestedScopes } from './oauth.ts';
import { paramsOf, str, type Params } from './params.ts';

const OOB = 'urn:ietf:wg:oauth:2.0:oob';
/** A sign-in page's words when the account's two-factor limit is reached (db/mfa.ts). */
export const TOO_MANY_CODES = 'Too many wrong codes. Wait a few minutes, then sign in again.';

export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

export interface AuthorizeRequest {
  app: AppRow;
  redirectUri: string;
  scopes: string[];
  state: string;
}

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(INSTANCE_TITLE)}</title>
<link rel="stylesheet" href="/static/oauth.css">
</head>
<body>
<main>
<h1>${escapeHtml(INSTANCE_TITLE)}</h1>
${body}
</main>
</body>
</html>`;
}

export function hidden(request: AuthorizeRequest): string {
  const fields: [string, string][] = [
    ['response_type', 'code'],
    ['client_id', request.app.client_id],
    ['redirect_uri', request.redirectUri],
    ['scope', request.scopes.join(' ')],
    ['state', request.state],
  ];
  return fields
    .map(([n, v]) => `<input type="hidden" name="${n}" value="${escapeHtml(v)}">`)
    .join('\n');
}

export function errorBlock(error?: string): string {
  return error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
}

function loginForm(request: AuthorizeRequest, error?: string, username = ''): string {
  const scopes = request.scopes.map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join('');
  return page(
    'Sign in',
    `<p><strong>${escapeHtml(request.app.name)}</strong> would like to use your account with these permissions:</p>
<ul class="scopes">${scopes}</ul>
${errorBlock(error)}
<form method="post" action="/oauth/authorize">
${hidden(request)}
<label for="username">Username or e-mail</label>
<input id="username" name="username" autocomplete="username" required value="${escapeHtml(username)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Authorize</button>
</form>`,
  );
}

function mfaForm(request: AuthorizeRequest, mfaToken: string, error?: string): string {
  return page(
    'Two-factor authentication',
    `<p>Enter the code from your authenticator app, or one of your recovery codes.</p>
${errorBlock(error)}
<form method="post" action="/oauth/authorize">
${hidden(request)}
<input type="hidden" name="mfa_token" value="${escapeHtml(mfaToken)}">
<label for="challenge_type">Code type</label>
<select id="challenge_type" name="challenge_type">
<option value="totp">Authenticator app code</option>
<option value="recovery">Recovery code</option>
</select>
<label for="code">Code</label>
<input id="code" name="code" autocomplete="one-time-code" inputmode="text" required>
<button type="submit">Verify</button>
</form>`,
  );
}

export function errorPage(message: string): string {
  return page('Authorization error', `<p class="error" role="alert">${escapeHtml(message)}</p>`);
}

export function parseAuthorizeRequest(ctx: ServerContext, params: Params): AuthorizeRequest {
  const clientId = str(params.client_id);
  const app = clientId ? getAppByClientId(ctx.db, clientId) : undefined;
  if (!app) throw new ApiError(400, 'Unknown client_id');
  const allowed = app.redirect_uris.split(/\s+/).filter(Boolean);
  const redirectUri = str(params.redirect_uri) ?? allowed[0] ?? '';
  if (!allowed.includes(redirectUri) || !isAllowedRedirectUri(redirectUri))
    throw new ApiError(400, 'The redirect_uri does not match the application');
  const responseType = str(params.response_type) ?? 'code';
  if (responseType !== 'code') throw new ApiError(400, 'Unsupported response_type');
  let scopes: string[];
  try {
    scopes = requestedScopes(app, params.scope ?? params.scopes);
  } catch {
    throw new ApiError(400, 'The requested scope is not allowed for this application');
  }
  const refused = scopes.find((scope) => !scopeOffered(ctx, scope));
  if (refused) throw new ApiError(400, `This server does not offer the scope ${refused}`);
  return { app, redirectUri, scopes, state: str(params.state) ?? '' };
}

export function finish(
  ctx: ServerContext,
  reply: FastifyReply,
  request: AuthorizeRequest,
  accountId: string,
) {
  const code = createAuthorizationCode(ctx.db, {
    appId: request.app.id,
    accountId,
    scopes: request.scopes,
    redirectUri: request.redirectUri,
  });
  if (request.redirectUri === OOB) {
    return reply
      .headers(PAGE_HEADERS)
      .send(
        page(
          'Authorization code',
          `<p>Copy this code and paste it into <strong>${escapeHtml(request.app.name)}</strong>:</p>\n<p><output class="code">${escapeHtml(code)}</output></p>`,
        ),
      );
  }
  const target = new URL(request.redirectUri);
  target.searchParams.set('code', code);
  if (request.state) target.searchParams.set('state', request.state);
  return reply.header('cache-control', 'no-store').redirect(target.toString(), 302);
}

/** Runs a sign-in page's handler; a refusal (ApiError) becomes an HTML error page, not JSON. */
export async function withErrorPage(reply: FastifyReply, run: () => Promise<unknown>) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError)
      return reply.status(error.statusCode).headers(PAGE_HEADERS).send(errorPage(error.message));
    throw error;
  }
}

export async function oauthAuthorizeRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
): Promise<void> {
  app.get('/oauth/authorize', async (request, reply) =>
    withErrorPage(reply, async () => {
      const auth = parseAuthorizeRequest(ctx, paramsOf(request));
      return reply.headers(PAGE_HEADERS).send(loginForm(auth));
    }),
  );

  app.post('/oauth/authorize', async (request, reply) =>
    withErrorPage(reply, async () => {
      const params = paramsOf(request);
      const auth = parseAuthorizeRequest(ctx, params);
      const mfaToken = str(params.mfa_token);
      if (mfaToken) {
        const pending = findMfaToken(ctx.db, mfaToken, auth.app.id);
        if (!pending)
          return reply
            .status(400)
            .headers(PAGE_HEADERS)
            .send(loginForm(auth, 'The sign-in expired. Please sign in again.'));
        const code = str(params.code) ?? '';
        const outcome = answerMfaChallenge(
          ctx.db,
          pending,
          str(params.challenge_type) === 'recovery' ? 'recovery' : 'totp',
          code,
        );
        if (outcome === 'throttled')
          return reply.status(429).headers(PAGE_HEADERS).send(loginForm(auth, TOO_MANY_CODES));
        if (outcome === 'invalid')
          return reply
            .status(400)
            .headers(PAGE_HEADERS)
            .send(mfaForm(auth, mfaToken, 'Invalid code'));
        deleteMfaToken(ctx.db, mfaToken);
        return finish(ctx, reply, auth, pending.account_id);
      }
      const username = str(params.username) ?? '';
      const outcome = await checkLogin(ctx, username, str(params.password) ?? '');
      switch (outcome.kind) {
        case 'ok':
          return finish(ctx, reply, auth, outcome.account.id);
        case 'mfa': {
          const token = createMfaToken(ctx.db, {
            accountId: outcome.account.id,
            appId: auth.app.id,
            scopes: auth.scopes,
            redirectUri: auth.redirectUri,
          });
          return reply.headers(PAGE_HEADERS).send(mfaForm(auth, token));
        }
        case 'reset_required':
          return reply
            .status(403)
            .headers(PAGE_HEADERS)
            .send(loginForm(auth, 'You must reset your password to log in.', username));
        case 'disabled':
          return reply
            .status(403)
            .headers(PAGE_HEADERS)
            .send(loginForm(auth, 'Your account is currently disabled.', username));
        case 'awaiting_approval':
          return reply
            .status(403)
            .headers(PAGE_HEADERS)
            .send(loginForm(auth, AWAITING_APPROVAL, username));
        case 'unconfirmed':
          return reply
            .status(403)
            .headers(PAGE_HEADERS)
            .send(loginForm(auth, `${UNCONFIRMED}.`, username));
        case 'invalid':
          return reply
            .status(401)
            .headers(PAGE_HEADERS)
            .send(loginForm(auth, 'Invalid username or password.', username));
      }
    }),
  );
}
