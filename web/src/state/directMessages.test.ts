import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { fetchDirectMessages, rememberedDirectMessagesSource } from './directMessages.ts';
import { DEFAULT_INSTANCE_CONFIG, useInstance } from './instance.ts';

const SERVER = 'https://server.example';

/** A server without conversations or a direct timeline: every path answers 404. */
function serverWithoutDirectMessages() {
  const fetchImpl = vi.fn(
    async () => new Response(JSON.stringify({ error: 'Not found' }), { status: 404 }),
  );
  return {
    client: createApiClient({ baseUrl: SERVER, getToken: () => 'x', fetchImpl }),
    fetchImpl,
  };
}

afterEach(() => {
  sessionStorage.clear();
  useInstance.setState({ config: DEFAULT_INSTANCE_CONFIG });
});

describe('fetchDirectMessages', () => {
  it('learns that the server has none, and remembers it for the session for that server only', async () => {
    useInstance.getState().update({ directMessagesSource: 'conversations' });
    const { client, fetchImpl } = serverWithoutDirectMessages();
    const page = await fetchDirectMessages(client, {});
    expect(page.items).toEqual([]);
    expect(useInstance.getState().config.directMessagesSource).toBe('none');
    expect(rememberedDirectMessagesSource(SERVER)).toBe('none');
    expect(rememberedDirectMessagesSource('https://other.example')).toBeNull();

    // Asked again (a poll, a reload of the page), it sends nothing.
    await fetchDirectMessages(client, {});
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });
});
