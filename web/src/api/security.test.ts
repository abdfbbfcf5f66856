import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client.ts';
import { revokeOAuthToken } from './security.ts';

function serverAnswering(status: number) {
  const fetchImpl = vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(status === 204 ? null : '{}', { status }),
  );
  return createApiClient({ getToken: () => 'secret', fetchImpl });
}

describe('revokeOAuthToken', () => {
  it('counts any 2xx answer as revoked, as servers answer 200, 201 or 204', async () => {
    for (const status of [200, 201, 204]) {
      expect(await revokeOAuthToken(serverAnswering(status), '7')).toBe(true);
    }
  });
});
