import type {
  ApiErrorBody,
  OAuthApp,
  OAuthErrorKind,
  OAuthToken,
  OAuthTokenInfo,
} from '../types.ts';
import {
  entitySchema,
  id,
  nid,
  nnum,
  nstr,
  obj,
  opt,
  reject,
  report,
  str,
  unknownValue,
} from './fields.ts';
import { makeListParser, makeParser } from './parse.ts';

const appRaw = obj('OAuthApp', {
  id: opt(nid()),
  name: str(),
  website: opt(nstr()),
  client_id: str(),
  client_secret: str(),
  redirect_uri: opt(nstr()),
  vapid_key: opt(nstr()),
});

/** POST /api/v1/apps. */
export const OAuthAppSchema = entitySchema(appRaw, (r, ctx): OAuthApp => {
  if (!r.client_id) return reject(ctx, 'app without client_id');
  return {
    id: r.id,
    name: r.name,
    website: r.website,
    clientId: r.client_id,
    clientSecret: r.client_secret,
    redirectUri: r.redirect_uri,
    vapidKey: r.vapid_key,
  };
});

export const parseOAuthApp = makeParser('OAuthApp', OAuthAppSchema);

const tokenRaw = obj('OAuthToken', {
  access_token: str(),
  token_type: str('Bearer'),
  scope: str(),
  created_at: nnum(),
  expires_in: opt(nnum()),
  refresh_token: opt(nstr()),
  id: opt(nid()),
  me: opt(nstr()),
});

/** POST /oauth/token and /oauth/mfa/challenge. */
export const OAuthTokenSchema = entitySchema(tokenRaw, (r, ctx): OAuthToken => {
  if (!r.access_token) return reject(ctx, 'token without access_token');
  const validUntil =
    r.created_at !== null && r.expires_in !== null
      ? new Date((r.created_at + r.expires_in) * 1000).toISOString()
      : null;
  return {
    accessToken: r.access_token,
    tokenType: r.token_type,
    scope: r.scope,
    createdAt: r.created_at,
    expiresIn: r.expires_in,
    validUntil,
    refreshToken: r.refresh_token,
    id: r.id,
    me: r.me,
  };
});

export const parseOAuthToken = makeParser('OAuthToken', OAuthTokenSchema);

const errorRaw = obj('ApiError', {
  error: str(),
  error_description: opt(nstr()),
  mfa_token: opt(nstr()),
  supported_challenge_types: opt(unknownValue()),
  identifier: opt(nstr()),
});

/**
 * Pleroma renders the methods joined with commas (`MFA.supported_methods/1`: "totp"); a list is
 * read too.
 */
function challengeTypes(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string')
    return value
      .split(',')
      .map((type) => type.trim())
      .filter(Boolean);
  if (Array.isArray(value) && value.every((type) => typeof type === 'string')) return value;
  report('ApiError.supported_challenge_types');
  return Array.isArray(value) ? value.filter((type) => typeof type === 'string') : [];
}

function kindOf(error: string, identifier: string | null): OAuthErrorKind {
  if (error === 'mfa_required') return 'mfa_required';
  if (identifier === 'password_reset_required') return 'password_reset_required';
  return 'other';
}

/** Any `{error}` body, including OAuth's second-factor and password-reset answers. */
export const ApiErrorBodySchema = entitySchema(errorRaw, (r, ctx): ApiErrorBody => {
  if (!r.error) return reject(ctx, 'no error field');
  return {
    kind: kindOf(r.error, r.identifier),
    error: r.error,
    description: r.error_description,
    mfaToken: r.mfa_token,
    supportedChallengeTypes: challengeTypes(r.supported_challenge_types),
    identifier: r.identifier,
  };
});

export const parseApiErrorBody = makeParser('ApiError', ApiErrorBodySchema);

const tokenInfoRaw = obj('OAuthTokenInfo', { id: id(), app_name: str(), valid_until: nstr() });

/** GET /api/oauth_tokens (the sessions list). */
export const OAuthTokenInfoSchema = entitySchema(tokenInfoRaw, (r): OAuthTokenInfo => ({
  id: r.id,
  appName: r.app_name,
  validUntil: r.valid_until,
}));

export const parseOAuthTokenInfoList = makeListParser('OAuthTokenInfo', OAuthTokenInfoSchema);
