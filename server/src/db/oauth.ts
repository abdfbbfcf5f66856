import type { Database } from 'better-sqlite3';
import { sql, nowIso } from './index.ts';
import { hashSecret, randomToken } from '../auth/random.ts';
import {
  AUTHORIZATION_CODE_LIFETIME_SECONDS,
  MFA_TOKEN_LIFETIME_SECONDS,
  TOKEN_LIFETIME_SECONDS,
} from '../routes/constants.ts';

export interface AppRow {
  id: number;
  name: string;
  website: string | null;
  redirect_uris: string;
  scopes: string;
  client_id: string;
  client_secret: string;
  created_at: string;
}

export interface TokenRow {
  id: number;
  token_hash: string;
  refresh_token_hash: string;
  app_id: number;
  account_id: string | null;
  scopes: string;
  created_at: string;
  valid_until: string;
  revoked_at: string | null;
}

export function createApp(
  db: Database,
  input: { name: string; website: string | null; redirectUris: string; scopes: string[] },
): AppRow {
  const info = sql(
    db,
    'INSERT INTO apps (name, website, redirect_uris, scopes, client_id, client_secret, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(
    input.name,
    input.website,
    input.redirectUris,
    input.scopes.join(' '),
    randomToken(),
    randomToken(),
    nowIso(),
  );
  return sql(db, 'SELECT * FROM apps WHERE id = ?').get(info.lastInsertRowid) as AppRow;
}

export function getAppByClientId(db: Database, clientId: string): AppRow | undefined {
  return sql(db, 'SELECT * FROM apps WHERE client_id = ?').get(clientId) as AppRow | undefined;
}

export function getAppById(db: Database, id: number): AppRow | undefined {
  return sql(db, 'SELECT * FROM apps WHERE id = ?').get(id) as AppRow | undefined;
}

function inSeconds(seconds: number): string {
  return new Date(Date.now() + seconds * 1000).toISOString();
}

export interface IssuedToken {
  row: TokenRow;
  accessToken: string;
  refreshToken: string;
}

export function issueToken(
  db: Database,
  appId: number,
  accountId: string | null,
  scopes: string[],
): IssuedToken {
  const accessToken = randomToken();
  const refreshToken = randomToken();
  const info = sql(
    db,
    `INSERT INTO oauth_tokens (token_hash, refresh_token_hash, app_id, account_id, scopes, created_at, valid_until)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    hashSecret(accessToken),
    hashSecret(refreshToken),
    appId,
    accountId,
    scopes.join(' '),
    nowIso(),
    inSeconds(TOKEN_LIFETIME_SECONDS),
  );
  const row = sql(db, 'SELECT * FROM oauth_tokens WHERE id = ?').get(
    info.lastInsertRowid,
  ) as TokenRow;
  return { row, accessToken, refreshToken };
}

/** A live token (not revoked, not expired) or undefined. */
export function findLiveToken(db: Database, accessToken: string): TokenRow | undefined {
  const row = sql(db, 'SELECT * FROM oauth_tokens WHERE token_hash = ?').get(
    hashSecret(accessToken),
  ) as TokenRow | undefined;
  if (!row || row.revoked_at || row.valid_until <= nowIso()) return undefined;
  return row;
}

export function findLiveRefreshToken(db: Database, refreshToken: string): TokenRow | undefined {
  const row = sql(db, 'SELECT * FROM oauth_tokens WHERE refresh_token_hash = ?').get(
    hashSecret(refreshToken),
  ) as TokenRow | undefined;
  return row && !row.revoked_at ? row : undefined;
}

export function revokeTokenById(db: Database, id: number): void {
  sql(db, 'UPDATE oauth_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(
    nowIso(),
    id,
  );
}

/** Revokes by access token (or refresh token), only if it belongs to the given app. */
export function revokeTokenForApp(db: Database, appId: number, token: string): boolean {
  const hash = hashSecret(token);
  const info = sql(
    db,
    'UPDATE oauth_tokens SET revoked_at = ? WHERE app_id = ? AND (token_hash = ? OR refresh_token_hash = ?) AND revoked_at IS NULL',
  ).run(nowIso(), appId, hash, hash);
  return info.changes > 0;
}

export function createAuthorizationCode(
  db: Database,
  input: { appId: number; accountId: string; scopes: string[]; redirectUri: string },
): string {
  const code = randomToken();
  sql(
    db,
    'INSERT INTO oauth_authorizations (code_hash, app_id, account_id, scopes, redirect_uri, valid_until) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(
    hashSecret(code),
    input.appId,
    input.accountId,
    input.scopes.join(' '),
    input.redirectUri,
    inSeconds(AUTHORIZATION_CODE_LIFETIME_SECONDS),
  );
  return code;
}

export interface AuthorizationRow {
  code_hash: string;
  app_id: number;
  account_id: string;
  scopes: string;
  redirect_uri: string;
  valid_until: string;
  used: number;
}

/** Marks the code used and returns it, or undefined when unknown, used or expired. */
export function consumeAuthorizationCode(
  db: Database,
  code: string,
  appId: number,
): AuthorizationRow | undefined {
  const hash = hashSecret(code);
  const row = sql(db, 'SELECT * FROM oauth_authorizations WHERE code_hash = ? AND app_id = ?').get(
    hash,
    appId,
  ) as AuthorizationRow | undefined;
  if (!row || row.used || row.valid_until <= nowIso()) return undefined;
  sql(db, 'UPDATE oauth_authorizations SET used = 1 WHERE code_hash = ?').run(hash);
  return row;
}

export interface MfaTokenRow {
  token_hash: string;
  account_id: string;
  app_id: number;
  scopes: string;
  redirect_uri: string | null;
  valid_until: string;
  failed_attempts: number;
}

export function createMfaToken(
  db: Database,
  input: { accountId: string; appId: number; scopes: string[]; redirectUri?: string | null },
): string {
  const token = randomToken();
  sql(
    db,
    'INSERT INTO mfa_tokens (token_hash, account_id, app_id, scopes, redirect_uri, valid_until) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(
    hashSecret(token),
    input.accountId,
    input.appId,
    input.scopes.join(' '),
    input.redirectUri ?? null,
    inSeconds(MFA_TOKEN_LIFETIME_SECONDS),
  );
  return token;
}

export function findMfaToken(db: Database, token: string, appId: number): MfaTokenRow | undefined {
  const row = sql(db, 'SELECT * FROM mfa_tokens WHERE token_hash = ? AND app_id = ?').get(
    hashSecret(token),
    appId,
  ) as MfaTokenRow | undefined;
  if (!row || row.valid_until <= nowIso()) return undefined;
  return row;
}

export function deleteMfaToken(db: Database, token: string): void {
  sql(db, 'DELETE FROM mfa_tokens WHERE token_hash = ?').run(hashSecret(token));
}
