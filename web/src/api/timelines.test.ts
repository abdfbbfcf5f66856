import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client.ts';
import { directMessages } from './timelines.ts';

/** A server answering each path with its own status; paths it does not know answer 404. */
function server(answers: Record<string, number>) {
  const fetchImpl = vi.fn(async (url: string | URL | Request) => {
    const status = answers[new URL(String(url)).pathname] ?? 404;
    const body = status === 200 ? [] : { error: 'Not found' };
    return new Response(JSON.stringify(body), { status });
  });
  const client = createApiClient({
    baseUrl: 'https://server.example',
    getToken: () => 'secret',
    fetchImpl,
  });
  const asked = () => fetchImpl.mock.calls.map(([url]) => new URL(String(url)).pathname);
  return { client, asked };
}

describe('directMessages', () => {
  it('reads the expected source and stays there', async () => {
    const { client, asked } = server({ '/api/v1/conversations': 200 });
    const { source, page } = await directMessages(client, 'conversations');
    expect(source).toBe('conversations');
    expect(page.items).toEqual([]);
    expect(asked()).toEqual(['/api/v1/conversations']);
  });

  it('falls back to the other source when the expected one is missing', async () => {
    const { client } = server({ '/api/v1/timelines/direct': 200 });
    expect((await directMessages(client, 'conversations')).source).toBe('timeline');
  });

  it('says none when the server has neither conversations nor a direct timeline', async () => {
    const { client, asked } = server({});
    const { source, page } = await directMessages(client, 'conversations');
    expect(source).toBe('none');
    expect(page.items).toEqual([]);
    expect(asked()).toEqual(['/api/v1/conversations', '/api/v1/timelines/direct']);
  });

  it('asks nothing once the server is known to have none', async () => {
    const { client, asked } = server({});
    expect((await directMessages(client, 'none')).source).toBe('none');
    expect(asked()).toEqual([]);
  });

  it('reports other failures rather than deciding the server has none', async () => {
    const { client } = server({ '/api/v1/conversations': 500 });
    await expect(directMessages(client, 'conversations')).rejects.toMatchObject({ status: 500 });
  });
});
