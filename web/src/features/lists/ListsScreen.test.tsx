import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLists } from '../../state/lists.ts';
import { useSession } from '../../state/session.ts';
import { testAccount } from '../navigation/testSupport.ts';
import { ListsScreen } from './ListsScreen.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  useSession.setState({ status: 'signedIn', token: 't', user: testAccount({ id: 'me' }) });
  useLists.getState().clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the lists overview', () => {
  it('fetches the lists afresh and links each to its timeline and its editor', async () => {
    useLists
      .getState()
      .setLists([{ id: 'old', title: 'Gone since', repliesPolicy: null, exclusive: false }]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json([
          { id: 'l2', title: 'Waders' },
          { id: 'l1', title: 'Birders' },
        ]),
      ),
    );
    render(<ListsScreen />);
    expect(screen.getByRole('link', { name: 'New list' }).getAttribute('href')).toBe('/lists/new');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Gone since' })).toBeNull());
    const titles = screen.getAllByRole('link', { name: /^(Birders|Waders)$/ });
    expect(titles.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Birders', '/lists/l1'],
      ['Waders', '/lists/l2'],
    ]);
    expect(screen.getByRole('link', { name: 'Edit list Waders' }).getAttribute('href')).toBe(
      '/lists/l2/edit',
    );
  });

  it('says so when there are no lists', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json([])),
    );
    render(<ListsScreen />);
    expect(await screen.findByText('No lists yet.')).toBeTruthy();
  });
});
