import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { DEFAULT_INSTANCE_CONFIG, useInstance } from '../state/instance.ts';
import { checkAnnouncementsSupport } from './announcementsSupport.ts';

const answer = (status: number) =>
  new Response(JSON.stringify(status === 200 ? [] : { error: 'Not found' }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  useInstance.getState().markLoaded();
});

afterEach(() => {
  useInstance.setState({ loaded: false });
  useInstance.getState().update(DEFAULT_INSTANCE_CONFIG);
  vi.unstubAllGlobals();
});

describe('checkAnnouncementsSupport', () => {
  it('marks announcements unsupported when the server answers 404', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(404)),
    );
    useInstance.getState().update({ announcementsAvailable: true });
    await checkAnnouncementsSupport(
      createApiClient({ baseUrl: 'https://x.example', getToken: () => 'token' }),
    );
    expect(useInstance.getState().config.announcementsAvailable).toBe(false);
  });

  it('waits for the start-up configuration before deciding', async () => {
    const fetchMock = vi.fn(async () => answer(404));
    vi.stubGlobal('fetch', fetchMock);
    useInstance.setState({ loaded: false });
    const checking = checkAnnouncementsSupport(
      createApiClient({ baseUrl: 'https://x.example', getToken: () => 'token' }),
    );
    useInstance.getState().update({ announcementsAvailable: true });
    useInstance.getState().markLoaded();
    await checking;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(useInstance.getState().config.announcementsAvailable).toBe(false);
  });

  it('keeps them when the server answers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200)),
    );
    useInstance.getState().update({ announcementsAvailable: true });
    await checkAnnouncementsSupport(
      createApiClient({ baseUrl: 'https://x.example', getToken: () => 'token' }),
    );
    expect(useInstance.getState().config.announcementsAvailable).toBe(true);
  });
});
