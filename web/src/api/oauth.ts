import { ApiError, expectEntity, type ApiClient, type ApiResponse } from './client.ts';
import { parseApiErrorBody, parseOAuthApp, parseOAuthToken } from './schemas/oauth.ts';
import type { ApiErrorBody, OAuthApp, OAuthToken } from './types.ts';

/** Spec part 1 §6: the scopes Starling asks for. */
export const OAUTH_SCOPES = 'read write follow push admin';
export const OOB_REDIRECT_URI = 'urn:ietf:wg:oauth:2.0:oob';

type AppCredentials = Pick<OAuthApp, 'clientId' | 'clientSecret'>;

export async function registerApp(
  client: ApiClient,
  params: { clientName: string; redirectUris: string; scopes?: string; website?: string },
): Promise<OAuthApp> {
  const response = await client.post('/api/v1/apps', {
    form: true,
    anonymous: true,
    body: {
      client_name: params.clientName,
      redirect_uris: params.redirectUris,
      scopes: params.scopes ?? OAUTH_SCOPES,
      website: params.website,
    },
  });
  return expectEntity(parseOAuthApp(response.data), 'OAuthApp', response);
}

/**
 * The scopes a server lists in its OAuth metadata (RFC 8414 `scopes_supported`, served by
 * Mastodon 4.3 and later); null when it publishes none.
 */
export async function listedScopes(client: ApiClient): Promise<string[] | null> {
  const response = await client.get('/.well-known/oauth-authorization-server', {
    anonymous: true,
  });
  const data = response.data;
  const scopes =
    data && typeof data === 'object' ? (data as Record<string, unknown>).scopes_supported : null;
  if (!Array.isArray(scopes)) return null;
  return scopes.filter((scope): scope is string => typeof scope === 'string');
}

/** Where to send the browser for the authorization-code flow. */
export function authorizeUrl(
  client: ApiClient,
  params: {
    clientId: string;
    redirectUri: string;
    scope?: string;
    state?: string;
    /** Ask the server to sign its browser session in afresh (adding another account). */
    forceLogin?: boolean;
  },
): string {
  return client.url('/oauth/authorize', {
    response_type: 'code',
    client_id: params.clientId,
    redirect_uri: params.redirectUri,
    scope: params.scope ?? OAUTH_SCOPES,
    state: params.state,
    force_login: params.forceLogin ? 'true' : undefined,
  });
}

function tokenOf(response: ApiResponse): OAuthToken {
  return expectEntity(parseOAuthToken(response.data), 'OAuthToken', response);
}

async function tokenCall(
  client: ApiClient,
  path: string,
  body: Record<string, unknown>,
): Promise<OAuthToken> {
  return tokenOf(await client.post(path, { form: true, anonymous: true, body }));
}

/**
 * Password grant. A second factor comes back as an ApiError whose `oauthError(e).kind` is
 * 'mfa_required' (with mfaToken); a forced reset as 'password_reset_required'.
 */
export function tokenByPassword(
  client: ApiClient,
  params: { app: AppCredentials; username: string; password: string; scope?: string },
): Promise<OAuthToken> {
  return tokenCall(client, '/oauth/token', {
    grant_type: 'password',
    client_id: params.app.clientId,
    client_secret: params.app.clientSecret,
    username: params.username,
    password: params.password,
    scope: params.scope ?? OAUTH_SCOPES,
  });
}

export function tokenByCode(
  client: ApiClient,
  params: { app: AppCredentials; code: string; redirectUri: string; scope?: string },
): Promise<OAuthToken> {
  return tokenCall(client, '/oauth/token', {
    grant_type: 'authorization_code',
    client_id: params.app.clientId,
    client_secret: params.app.clientSecret,
    code: params.code,
    redirect_uri: params.redirectUri,
    scope: params.scope ?? OAUTH_SCOPES,
  });
}

/** An app-level token (anonymous reads on instances that require one). */
export function clientCredentials(
  client: ApiClient,
  params: { app: AppCredentials; redirectUri?: string; scope?: string },
): Promise<OAuthToken> {
  return tokenCall(client, '/oauth/token', {
    grant_type: 'client_credentials',
    client_id: params.app.clientId,
    client_secret: params.app.clientSecret,
    redirect_uri: params.redirectUri ?? OOB_REDIRECT_URI,
    scope: params.scope ?? OAUTH_SCOPES,
  });
}

export function refresh(
  client: ApiClient,
  params: { app: AppCredentials; refreshToken: string },
): Promise<OAuthToken> {
  return tokenCall(client, '/oauth/token', {
    grant_type: 'refresh_token',
    client_id: params.app.clientId,
    client_secret: params.app.clientSecret,
    refresh_token: params.refreshToken,
  });
}

export function mfaChallenge(
  client: ApiClient,
  params: {
    app: AppCredentials;
    mfaToken: string;
    code: string;
    challengeType: 'totp' | 'recovery';
  },
): Promise<OAuthToken> {
  return tokenCall(client, '/oauth/mfa/challenge', {
    client_id: params.app.clientId,
    client_secret: params.app.clientSecret,
    mfa_token: params.mfaToken,
    code: params.code,
    challenge_type: params.challengeType,
  });
}

/** Returns the HTTP status. The token travels in the body only, never as the bearer. */
export async function revoke(
  client: ApiClient,
  params: { app: AppCredentials; token: string },
): Promise<number> {
  const response = await client.post('/oauth/revoke', {
    form: true,
    anonymous: true,
    body: {
      client_id: params.app.clientId,
      client_secret: params.app.clientSecret,
      token: params.token,
    },
  });
  return response.status;
}

/** The `{error, mfa_token, identifier...}` body of a failed call, when it has one. */
export function oauthError(error: unknown): ApiErrorBody | null {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  return parseApiErrorBody(error.body);
}
