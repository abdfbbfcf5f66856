import type { ApiClient } from './client.ts';
import { parseAccount } from './schemas/account.ts';
import { parseInstancePeers } from './schemas/peers.ts';
import type { Account } from './types.ts';

/** The mutes, blocks and domain blocks lists of the settings (Mastodon API, Pleroma extras). */

export interface MutedAccount {
  account: Account;
  /** When a timed mute ends; null for a mute without end. */
  expiresAt: string | null;
}

const LIST_LIMIT = 80;

function accounts(data: unknown): { account: Account; raw: Record<string, unknown> }[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((raw: unknown) => {
    const account = parseAccount(raw);
    return account ? [{ account, raw: raw as Record<string, unknown> }] : [];
  });
}

export async function listMutes(client: ApiClient): Promise<MutedAccount[]> {
  const { data } = await client.get('/api/v1/mutes', { query: { limit: LIST_LIMIT } });
  return accounts(data).map(({ account, raw }) => {
    const ends = raw.mute_expires_at ?? account.relationship?.mutingExpiresAt;
    return { account, expiresAt: typeof ends === 'string' ? ends : null };
  });
}

export async function listBlocks(client: ApiClient): Promise<Account[]> {
  const { data } = await client.get('/api/v1/blocks', { query: { limit: LIST_LIMIT } });
  return accounts(data).map(({ account }) => account);
}

export async function listDomainBlocks(client: ApiClient): Promise<string[]> {
  const { data } = await client.get('/api/v1/domain_blocks', { query: { limit: LIST_LIMIT } });
  return Array.isArray(data) ? data.filter((item): item is string => typeof item === 'string') : [];
}

export async function unmuteAccount(client: ApiClient, id: string): Promise<void> {
  await client.post(`/api/v1/accounts/${encodeURIComponent(id)}/unmute`);
}

export async function unblockAccount(client: ApiClient, id: string): Promise<void> {
  await client.post(`/api/v1/accounts/${encodeURIComponent(id)}/unblock`);
}

export async function blockDomain(client: ApiClient, domain: string): Promise<void> {
  await client.post('/api/v1/domain_blocks', { body: { domain } });
}

export async function unblockDomain(client: ApiClient, domain: string): Promise<void> {
  await client.delete('/api/v1/domain_blocks', { body: { domain } });
}

export type ImportKind = 'follows' | 'blocks' | 'mutes';

const IMPORT_PATHS: Record<ImportKind, string> = {
  follows: '/api/pleroma/follow_import',
  blocks: '/api/pleroma/blocks_import',
  mutes: '/api/pleroma/mutes_import',
};

/** Sends the handles as the `list` parameter; the local instance says how many it found. */
export async function importAccounts(
  client: ApiClient,
  kind: ImportKind,
  handles: readonly string[],
): Promise<{ imported: number | null; unknown: string[] }> {
  const { data } = await client.post(IMPORT_PATHS[kind], { body: { list: handles.join('\n') } });
  const raw = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  return {
    imported: typeof raw.imported === 'number' ? raw.imported : null,
    unknown: Array.isArray(raw.unknown)
      ? raw.unknown.filter((item): item is string => typeof item === 'string')
      : [],
  };
}

const MAX_EXPORT_PAGES = 50;

/** Every account the user follows (following the pages' next links), as handles. */
export async function listFollowing(client: ApiClient, accountId: string): Promise<string[]> {
  const handles: string[] = [];
  let query: Record<string, string | number> = { limit: LIST_LIMIT };
  for (let page = 0; page < MAX_EXPORT_PAGES; page += 1) {
    const response = await client.get(
      `/api/v1/accounts/${encodeURIComponent(accountId)}/following`,
      { query },
    );
    const found = accounts(response.data).map(({ account }) => account.acct);
    handles.push(...found);
    const maxId = response.link.next?.maxId;
    if (!maxId || found.length === 0) break;
    query = { limit: LIST_LIMIT, max_id: maxId };
  }
  return handles;
}

/** The domains the server knows of (GET /api/v1/instance/peers), to suggest in the domain field. */
export async function knownDomains(client: ApiClient): Promise<string[]> {
  const { data } = await client.get('/api/v1/instance/peers');
  return parseInstancePeers(data) ?? [];
}
