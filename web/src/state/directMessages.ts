import type { ApiClient } from '../api/client.ts';
import type { Page } from '../api/link.ts';
import { directMessages, type DirectMessagesSource, type TimelineQuery } from '../api/timelines.ts';
import type { Status } from '../api/types.ts';
import { useInstance } from './instance.ts';

/**
 * Where this server keeps direct messages, as its answers showed: remembered for the browser
 * session (per API base), so a reload starts from what was learnt and the navigation entry of a
 * server without any stays hidden instead of coming back until the next visit.
 */
const STORAGE_KEY = 'starling:direct-messages-source';

interface Remembered {
  apiBase: string;
  source: DirectMessagesSource;
}

function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberedDirectMessagesSource(apiBase: string): DirectMessagesSource | null {
  try {
    const remembered = JSON.parse(sessionStore()?.getItem(STORAGE_KEY) ?? 'null') as Remembered;
    return remembered?.apiBase === apiBase ? remembered.source : null;
  } catch {
    return null;
  }
}

function remember(apiBase: string, source: DirectMessagesSource): void {
  try {
    sessionStore()?.setItem(STORAGE_KEY, JSON.stringify({ apiBase, source } satisfies Remembered));
  } catch {
    // Unavailable storage: the answer is learnt again on the next visit.
  }
}

/** A page of direct messages from where the server keeps them, learning where that is. */
export async function fetchDirectMessages(
  client: ApiClient,
  query: TimelineQuery,
): Promise<Page<Status>> {
  const { config, update } = useInstance.getState();
  const { source, page } = await directMessages(client, config.directMessagesSource, query);
  if (source !== config.directMessagesSource) {
    update({ directMessagesSource: source });
    remember(client.baseUrl, source);
  }
  return page;
}
