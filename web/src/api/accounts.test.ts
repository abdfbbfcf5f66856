import { describe, expect, it, vi } from 'vitest';
import { rawAccount } from '../features/navigation/testSupport.ts';
import { updateCredentials } from './accounts.ts';
import { createApiClient } from './client.ts';

function server() {
  const fetchImpl = vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(JSON.stringify(rawAccount()), { status: 200 }),
  );
  const client = createApiClient({ getToken: () => 'secret', fetchImpl });
  return { client, sent: () => fetchImpl.mock.calls[0]?.[1]?.body };
}

describe('updateCredentials', () => {
  it('sends form data with Rails-style keys, which every server reads', async () => {
    const { client, sent } = server();
    await updateCredentials(client, {
      displayName: 'Alice',
      fields: [{ name: 'Site', value: 'a.example' }],
      defaultScope: 'unlisted',
      defaultSensitive: true,
      locked: false,
    });
    const body = sent();
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries((body as FormData).entries())).toEqual({
      display_name: 'Alice',
      'fields_attributes[0][name]': 'Site',
      'fields_attributes[0][value]': 'a.example',
      default_scope: 'unlisted',
      'source[privacy]': 'unlisted',
      'source[sensitive]': 'true',
      locked: 'false',
    });
  });

  it('clears every field with one blank row, as a form cannot send an empty list', async () => {
    const { client, sent } = server();
    await updateCredentials(client, { fields: [] });
    expect(Object.fromEntries((sent() as FormData).entries())).toEqual({
      'fields_attributes[0][name]': '',
      'fields_attributes[0][value]': '',
    });
  });

  it('keeps Pleroma’s settings store in JSON, where its values keep their types', async () => {
    const { client, sent } = server();
    await updateCredentials(client, { settingsStore: { starling: { hideNsfw: false, n: 3 } } });
    expect(JSON.parse(String(sent()))).toEqual({
      pleroma_settings_store: { starling: { hideNsfw: false, n: 3 } },
    });
  });
});
