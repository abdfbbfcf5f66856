import type { ApiClient } from '../api/client.ts';
import { rememberedDirectMessagesSource } from '../state/directMessages.ts';
import { useInstance, type InstanceConfig } from '../state/instance.ts';
import { api } from './apiClient.ts';

/** What the server's answers showed earlier in this browser session (see state/directMessages). */
export function learntThisSession(client: ApiClient): Partial<InstanceConfig> {
  const directMessagesSource = rememberedDirectMessagesSource(client.baseUrl);
  return directMessagesSource ? { directMessagesSource } : {};
}

/**
 * Holds from the first render on, before the start-up fetches (app/boot, a chunk of its own),
 * which may wait for that render.
 */
export function applyLearntThisSession(client: ApiClient = api): void {
  useInstance.getState().update(learntThisSession(client));
}
