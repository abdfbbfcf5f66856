import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../api/types.ts';
import { DEFAULT_INSTANCE_CONFIG, useInstance } from '../../state/instance.ts';
import { useSession } from '../../state/session.ts';
import { WhoToFollowPanel } from './WhoToFollowPanel.tsx';

const rawAccount = (id: string) => ({
  id,
  username: `bird${id}`,
  acct: `bird${id}`,
  display_name: `Bird ${id}`,
  url: `https://birds.example/users/bird${id}`,
  avatar: '/a.png',
  created_at: '2024-01-01T00:00:00.000Z',
});

let answer: () => Promise<Response>;

beforeEach(() => {
  useInstance.setState({
    config: { ...DEFAULT_INSTANCE_CONFIG, suggestionsEnabled: true },
    loaded: true,
  });
  useSession.setState({ status: 'signedIn', token: 't', user: { id: 'me' } as Account });
  vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer());
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('WhoToFollowPanel', () => {
  it('shows three loading placeholders, then up to three suggestions', async () => {
    let deliver: (response: Response) => void = () => {};
    answer = () => new Promise((resolve) => (deliver = resolve));
    render(<WhoToFollowPanel />);
    expect(screen.getAllByText('Loading...')).toHaveLength(3);
    deliver(Response.json(['1', '2', '3', '4'].map(rawAccount)));
    await waitFor(() => expect(screen.getByText('Bird 1')).toBeTruthy());
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByText('Bird 3')).toBeTruthy();
    expect(screen.queryByText('Bird 4')).toBeNull();
  });

  it('goes away quietly when the server has no suggestions endpoint', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    answer = async () => Response.json({ error: 'Not found' }, { status: 404 });
    render(<WhoToFollowPanel />);
    await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('is not shown to anonymous visitors or when suggestions are disabled', () => {
    answer = async () => Response.json([]);
    useSession.setState({ status: 'anonymous', token: null, user: null });
    const { unmount } = render(<WhoToFollowPanel />);
    expect(screen.queryByText('Loading...')).toBeNull();
    unmount();
    useSession.setState({ status: 'signedIn', token: 't', user: { id: 'me' } as Account });
    useInstance.setState({ config: { ...DEFAULT_INSTANCE_CONFIG, suggestionsEnabled: false } });
    render(<WhoToFollowPanel />);
    expect(screen.queryByText('Loading...')).toBeNull();
  });
});
