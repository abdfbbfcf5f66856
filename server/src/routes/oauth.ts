import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { getAccount } from '../db/accounts.ts';
import { answerMfaChallenge } from '../db/mfa.ts';
import {
  consumeAuthorizationCode,
  createMfaToken,
  deleteMfaToken,
  findLiveRefreshToken,
  findMfaToken,
  getAppByClientId,
  issueToken,
  revokeTokenById,
  revokeTokenForApp,
  type AppRow,
} from '../db/oauth.ts';
import { parseScopes, scopesWithin } from '../auth/scopes.ts';
import { ApiError, badRequest } from '../errors.ts';
import { renderToken } from '../views/app.ts';
import { AWAITING_APPROVAL, UNCONFIRMED, checkLogin } from './login.ts';
import { paramsOf, str, type Params } from './params.ts';

const INVALID_CREDENTIALS = 'Invalid credentials';
const INVALID_CODE = 'Invalid code';
/** Pleroma's rate limiter's answer; here for too many wrong second-factor codes. */
const THROTTLED = 'Throttled';

/** RFC 6749's error for a grant the server does not offer, with a sentence for people. */
const unsupportedGrantType = () =>
  new ApiError(400, 'unsupported_grant_type', {
    error_description: 'The authorization grant type is not supported by the authorization server.',
  });

/** Client credentials from the body or from HTTP Basic auth. */
function clientOf(ctx: ServerContext, request: FastifyRequest, params: Params): AppRow {
  let clientId = str(params.client_id);
  let clientSecret = str(params.client_secret);
  const header = request.headers.authorization;
  if ((!clientId || !clientSecret) && typeof header === 'string' && /^Basic\s/i.test(header)) {
    const decoded = Buffer.from(header.replace(/^Basic\s+/i, ''), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      clientId = decodeURIComponent(decoded.slice(0, colon));
      clientSecret = decodeURIComponent(decoded.slice(colon + 1));
    }
  }
  const app = clientId ? getAppByClientId(ctx.db, clientId) : undefined;
  if (!app || !clientSecret || app.client_secret !== clientSecret)
    throw badRequest(INVALID_CREDENTIALS);
  return app;
}

/** Requested scopes (default: the app's), which must lie within the app's registration. */
export function requestedScopes(app: AppRow, value: unknown): string[] {
  const appScopes = parseScopes(app.scopes);
  const requested = parseScopes(value);
  if (requested.length === 0) return appScopes;
  if (!scopesWithin(requested, appScopes)) throw badRequest('Invalid scope');
  return requested;
}

export async function oauthRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;

  const tokenFor = (client: AppRow, accountId: string | null, scopes: string[]) => {
    const issued = issueToken(db, client.id, accountId, scopes);
    return renderToken(ctx, issued, accountId ? (getAccount(db, accountId) ?? null) : null);
  };

  app.post('/oauth/token', async (request) => {
    const params = paramsOf(request);
    const client = clientOf(ctx, request, params);
    const grantType = str(params.grant_type);
    switch (grantType) {
      case 'password': {
        if (ctx.flavour === 'mastodon') throw unsupportedGrantType();
        const username = str(params.username) ?? str(params.name) ?? '';
        const password = str(params.password) ?? '';
        const scopes = requestedScopes(client, params.scope ?? params.scopes);
        const outcome = await checkLogin(ctx, username, password);
        switch (outcome.kind) {
          case 'invalid':
            throw badRequest(INVALID_CREDENTIALS);
          case 'disabled':
            throw new ApiError(403, 'Your account is currently disabled', {
              identifier: 'account_is_disabled',
            });
          case 'reset_required':
            throw new ApiError(403, 'Password reset is required', {
              identifier: 'password_reset_required',
            });
          case 'awaiting_approval':
            throw new ApiError(403, AWAITING_APPROVAL, { identifier: 'awaiting_approval' });
          case 'unconfirmed':
            throw new ApiError(403, UNCONFIRMED, { identifier: 'missing_confirmed_email' });
          case 'mfa': {
            const mfaToken = createMfaToken(db, {
              accountId: outcome.account.id,
              appId: client.id,
              scopes,
            });
            throw new ApiError(403, 'mfa_required', {
              mfa_token: mfaToken,
              supported_challenge_types: 'totp',
            });
          }
          case 'ok':
            return tokenFor(client, outcome.account.id, scopes);
        }
        break;
      }
      case 'authorization_code': {
        const code = str(params.code);
        if (!code) throw badRequest(INVALID_CREDENTIALS);
        const authorization = consumeAuthorizationCode(db, code, client.id);
        const redirectUri = str(params.redirect_uri);
        if (
          !authorization ||
          (redirectUri !== undefined && redirectUri !== authorization.redirect_uri)
        ) {
          throw badRequest(INVALID_CREDENTIALS);
        }
        return tokenFor(client, authorization.account_id, parseScopes(authorization.scopes));
      }
      case 'client_credentials':
        return tokenFor(client, null, requestedScopes(client, params.scope ?? params.scopes));
      case 'refresh_token': {
        const refresh = str(params.refresh_token);
        const old = refresh ? findLiveRefreshToken(db, refresh) : undefined;
        if (!old || old.app_id !== client.id) throw badRequest(INVALID_CREDENTIALS);
        return db.transaction(() => {
          revokeTokenById(db, old.id);
          return tokenFor(client, old.account_id, parseScopes(old.scopes));
        })();
      }
      default:
        throw unsupportedGrantType();
    }
    throw badRequest(INVALID_CREDENTIALS);
  });

  app.post('/oauth/mfa/challenge', async (request) => {
    const params = paramsOf(request);
    const client = clientOf(ctx, request, params);
    const mfaToken = str(params.mfa_token);
    const code = str(params.code) ?? '';
    const pending = mfaToken ? findMfaToken(db, mfaToken, client.id) : undefined;
    if (!pending) throw badRequest(INVALID_CODE);
    const type = str(params.challenge_type) ?? 'totp';
    const outcome = answerMfaChallenge(db, pending, type, code);
    if (outcome === 'throttled') throw new ApiError(429, THROTTLED);
    if (outcome === 'invalid') throw badRequest(INVALID_CODE);
    deleteMfaToken(db, mfaToken!);
    return tokenFor(client, pending.account_id, parseScopes(pending.scopes));
  });

  app.post('/oauth/revoke', async (request) => {
    const params = paramsOf(request);
    const client = clientOf(ctx, request, params);
    const token = str(params.token);
    if (!token) throw badRequest('Missing field: token.');
    // RFC 7009: revoking an unknown token is not an error.
    revokeTokenForApp(db, client.id, token);
    return {};
  });
}
