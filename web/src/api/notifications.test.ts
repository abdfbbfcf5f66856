import { describe, expect, it, vi } from 'vitest';
import { rawAccount } from '../features/navigation/testSupport.ts';
import { ApiError, createApiClient } from './client.ts';
import { setReportState } from './adminReports.ts';
import { fetchNotifications } from './notifications.ts';

function stub(answer: unknown, status = 200) {
  const fetchImpl = vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(JSON.stringify(answer), { status }),
  );
  const client = createApiClient({ getToken: () => 'secret', fetchImpl });
  return { client, url: () => decodeURIComponent(String(fetchImpl.mock.calls[0]?.[0])) };
}

const raw = (id: string, type: string) => ({
  id,
  type,
  created_at: '2026-01-01T00:00:00.000Z',
  account: rawAccount(),
  pleroma: { is_seen: false },
});

describe('fetchNotifications', () => {
  it('skips (and logs) a notification of an unknown type or shape, keeping the rest', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client } = stub([
      raw('3', 'follow'),
      raw('2', 'pleroma:unheard_of'),
      raw('1', 'mention'), // a mention without its status
      raw('0', 'follow'),
    ]);
    const page = await fetchNotifications(client);
    expect(page.notifications.map((n) => n.id)).toEqual(['3', '0']);
    expect(page.received).toBe(4);
    expect(page.oldestId).toBe('0');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('asks by the server’s type names', async () => {
    const { client, url } = stub([]);
    await fetchNotifications(client, { includeTypes: ['like', 'repeat', 'mention'], maxId: '9' });
    expect(url()).toContain(
      'include_types[]=favourite&include_types[]=reblog&include_types[]=mention',
    );
    expect(url()).toContain('max_id=9');
  });
});

describe('setReportState', () => {
  it('reports the first error of a refused change', async () => {
    const { client } = stub([{ id: '1', error: 'Record not found' }], 400);
    const failure = await setReportState(client, '1', 'closed').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('Record not found');
  });
});
