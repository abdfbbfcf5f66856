import type { ApiClient } from './client.ts';

/**
 * Account security on the legacy prefix (API notes §9 MFA, §10 password/email/deletion, §11
 * sessions). Failures arrive as ApiError carrying the server's own message.
 */

export async function changePassword(
  client: ApiClient,
  password: string,
  newPassword: string,
  confirmation: string,
): Promise<void> {
  await client.post('/api/pleroma/change_password', {
    body: { password, new_password: newPassword, new_password_confirmation: confirmation },
  });
}

export async function changeEmail(client: ApiClient, password: string, email: string) {
  await client.post('/api/pleroma/change_email', { body: { password, email } });
}

export async function deleteAccount(client: ApiClient, password: string): Promise<void> {
  await client.post('/api/pleroma/delete_account', { body: { password } });
}

/** Moves this account's followers to `targetAccount` (user@host), which must list it as an alias. */
export async function moveAccount(
  client: ApiClient,
  password: string,
  targetAccount: string,
): Promise<void> {
  await client.post('/api/pleroma/move_account', {
    body: { password, target_account: targetAccount },
  });
}

export async function mfaEnabled(client: ApiClient): Promise<boolean> {
  const { data } = await client.get('/api/pleroma/accounts/mfa');
  const settings = (data as { settings?: { totp?: unknown } } | null)?.settings;
  return settings?.totp === true;
}

export interface TotpSetup {
  key: string;
  provisioningUri: string;
}

export async function setupTotp(client: ApiClient): Promise<TotpSetup> {
  const { data } = await client.get('/api/pleroma/accounts/mfa/setup/totp');
  const raw = data as { key?: unknown; provisioning_uri?: unknown } | null;
  if (typeof raw?.key !== 'string' || typeof raw.provisioning_uri !== 'string') {
    throw new Error('Bad response from server.');
  }
  return { key: raw.key, provisioningUri: raw.provisioning_uri };
}

export async function confirmTotp(client: ApiClient, password: string, code: string) {
  await client.post('/api/pleroma/accounts/mfa/confirm/totp', { body: { password, code } });
}

export async function disableTotp(client: ApiClient, password: string): Promise<void> {
  await client.delete('/api/pleroma/accounts/mfa/totp', { body: { password } });
}

export async function backupCodes(client: ApiClient): Promise<string[]> {
  const { data } = await client.get('/api/pleroma/accounts/mfa/backup_codes');
  const codes = (data as { codes?: unknown } | null)?.codes;
  return Array.isArray(codes)
    ? codes.filter((code): code is string => typeof code === 'string')
    : [];
}

export interface OAuthToken {
  id: string;
  appName: string;
  validUntil: string;
}

/** The account's sessions; malformed rows are logged and skipped. */
export async function listOAuthTokens(client: ApiClient): Promise<OAuthToken[]> {
  const { data } = await client.get('/api/oauth_tokens');
  if (!Array.isArray(data)) return [];
  const tokens: OAuthToken[] = [];
  for (const row of data as Record<string, unknown>[]) {
    const id = row?.id;
    if ((typeof id !== 'number' && typeof id !== 'string') || typeof row.app_name !== 'string') {
      console.warn('skipping a malformed oauth token', row);
      continue;
    }
    tokens.push({
      id: String(id),
      appName: row.app_name,
      validUntil: typeof row.valid_until === 'string' ? row.valid_until : '',
    });
  }
  return tokens;
}

/**
 * True when the server confirmed the revocation (only then is it removed locally): Pleroma
 * answers 201, other servers 200 or 204, so any 2xx counts.
 */
export async function revokeOAuthToken(client: ApiClient, id: string): Promise<boolean> {
  const response = await client.delete(`/api/oauth_tokens/${encodeURIComponent(id)}`);
  return response.status >= 200 && response.status < 300;
}

/** API notes §5: PUT with query parameters. */
export async function updateNotificationSettings(
  client: ApiClient,
  settings: { blockFromStrangers?: boolean; hideNotificationContents?: boolean },
): Promise<void> {
  const query: Record<string, string> = {};
  if (settings.blockFromStrangers !== undefined) {
    query.block_from_strangers = String(settings.blockFromStrangers);
  }
  if (settings.hideNotificationContents !== undefined) {
    query.hide_notification_contents = String(settings.hideNotificationContents);
  }
  await client.put('/api/pleroma/notification_settings', { query });
}

/** The instance's software and version from /api/v1/instance (Pleroma: "x (compatible; Pleroma y)"). */
export async function instanceVersion(client: ApiClient): Promise<string> {
  const { data } = await client.get('/api/v1/instance');
  const version = (data as { version?: unknown } | null)?.version;
  return typeof version === 'string' ? version : '';
}

export async function listAliases(client: ApiClient): Promise<string[]> {
  const { data } = await client.get('/api/pleroma/aliases');
  const aliases = (data as { aliases?: unknown } | null)?.aliases;
  return Array.isArray(aliases) ? aliases.filter((a): a is string => typeof a === 'string') : [];
}

export async function addAlias(client: ApiClient, alias: string): Promise<void> {
  await client.put('/api/pleroma/aliases', { body: { alias } });
}

export async function removeAlias(client: ApiClient, alias: string): Promise<void> {
  await client.delete('/api/pleroma/aliases', { body: { alias } });
}
