// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rawAccount, resetNavigationStores, signInAs } from '../navigation/testSupport.ts';
import { MutesBlocksSettings } from './MutesBlocksSettings.tsx';

const ENDS = '2030-05-01T12:00:00.000Z';

beforeEach(() => {
  resetNavigationStores();
  signInAs();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v1/mutes') {
      return Response.json([
        rawAccount({ id: '2', username: 'bob', acct: 'bob', display_name: 'Bob' }),
        rawAccount({
          id: '3',
          username: 'carol',
          acct: 'carol',
          display_name: 'Carol',
          mute_expires_at: ENDS,
        }),
      ]);
    }
    if (url.pathname === '/api/v1/instance/peers')
      return Response.json(['birds.example', 'sea.example', 'blocked.example']);
    if (url.pathname === '/api/v1/domain_blocks') return Response.json(['blocked.example']);
    return Response.json([]);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('MutesBlocksSettings', () => {
  it('says when a timed mute ends and adds nothing to a mute with no end', async () => {
    render(<MutesBlocksSettings />);
    const list = await screen.findByRole('list', { name: 'Muted users' });
    const [bob, carol] = within(list).getAllByRole('listitem');
    expect(bob?.textContent).toBe('Bob @bobUnmute');
    expect(carol?.textContent).toContain(`until ${new Date(ENDS).toLocaleString()}`);
  });

  it('suggests the domains the server knows of, but not those already blocked', async () => {
    render(<MutesBlocksSettings />);
    const field = screen.getByRole('combobox', { name: 'Domain' });
    await screen.findByRole('list', { name: 'Blocked domains' });
    const list = (field as HTMLInputElement).list;
    await vi.waitFor(() =>
      expect([...(list?.options ?? [])].map((option) => option.value)).toEqual([
        'birds.example',
        'sea.example',
      ]),
    );
  });
});
