import { lookup } from '../../api/accounts.ts';
import type { ApiClient } from '../../api/client.ts';
import type { Account } from '../../api/types.ts';

export interface Staff {
  admins: Account[];
  moderators: Account[];
}

/**
 * The acct to look a staff account up by: nodeinfo names staff by actor URL
 * (https://host/users/nick); the nickname is its last segment, with the host when it is not ours.
 */
export function staffAcct(
  actorUrl: string,
  ownHost = globalThis.location?.host ?? '',
): string | null {
  let url: URL;
  try {
    url = new URL(actorUrl);
  } catch {
    return null;
  }
  const nickname = url.pathname.split('/').filter(Boolean).pop();
  if (!nickname) return null;
  return url.host === ownHost ? nickname : `${nickname}@${url.host}`;
}

/** Looks every staff account up; one that cannot be found is logged and left out. */
export async function loadStaff(
  client: ApiClient,
  actorUrls: readonly string[],
  ownHost?: string,
): Promise<Staff> {
  const accts = actorUrls.flatMap((url) => staffAcct(url, ownHost) ?? []);
  const results = await Promise.allSettled(accts.map((acct) => lookup(client, acct)));
  const accounts = results.flatMap((result, index) => {
    if (result.status === 'fulfilled') return [result.value];
    console.warn(`Could not look up staff account ${accts[index]}`, result.reason);
    return [];
  });
  return {
    admins: accounts.filter((account) => account.role === 'admin'),
    moderators: accounts.filter((account) => account.role === 'moderator'),
  };
}
