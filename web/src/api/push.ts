import { ApiError, type ApiClient } from './client.ts';

/**
 * Web push registration on the instance (Mastodon API, one subscription per OAuth token). The
 * spec's two failure texts are only logged; callers learn of the failure through the rejection.
 */

export type PushAlerts = Record<'follow' | 'favourite' | 'mention' | 'reblog' | 'move', boolean>;

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export class PushServerError extends Error {
  constructor(message: 'Bad status code from server.' | 'Bad response from server.') {
    super(message);
    this.name = 'PushServerError';
  }
}

const PATH = '/api/v1/push/subscription';

/** Registers the browser's subscription; resolves with the server's id for it. */
export async function createPushSubscription(
  client: ApiClient,
  subscription: BrowserSubscription,
  alerts: PushAlerts,
): Promise<string> {
  let data: unknown;
  try {
    ({ data } = await client.post(PATH, { body: { subscription, data: { alerts } } }));
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http') {
      const failure = new PushServerError('Bad status code from server.');
      console.error(failure.message, error.status, error.body);
      throw failure;
    }
    throw error;
  }
  const id = (data as { id?: unknown } | null)?.id;
  if ((typeof id !== 'string' && typeof id !== 'number') || id === '') {
    const failure = new PushServerError('Bad response from server.');
    console.error(failure.message, data);
    throw failure;
  }
  return String(id);
}

export async function deletePushSubscription(client: ApiClient): Promise<void> {
  await client.delete(PATH);
}
