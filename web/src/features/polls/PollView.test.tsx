// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEntities } from '../../state/entities.ts';
import { enableLocaleFormats } from '../../ui/localeFormats.ts';
import { PollView } from './PollView.tsx';
import { ingestRaw, rawPoll, rawStatus, signIn, signOut } from './testSupport.ts';

let answer: (url: string, init?: RequestInit) => Promise<Response>;
const calls: { url: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  enableLocaleFormats();
  calls.length = 0;
  signIn();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    calls.push({
      url,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    });
    return answer(url, init);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
  useEntities.getState().clear();
});

describe('PollView voting', () => {
  it('single choice: radios, Vote disabled until one is chosen, then results', async () => {
    ingestRaw(rawStatus('s1', { poll: rawPoll() }));
    answer = async () =>
      Response.json(rawPoll({ voted: true, own_votes: [1], votes_count: 5, voters_count: 5 }));
    render(<PollView statusId="s1" />);
    const radios = await screen.findAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(screen.queryByRole('checkbox')).toBeNull();
    const vote = screen.getByRole('button', { name: 'Vote' }) as HTMLButtonElement;
    expect(vote.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Seeds' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Worms' }));
    expect((screen.getByRole('radio', { name: 'Seeds' }) as HTMLInputElement).checked).toBe(false);
    expect(vote.disabled).toBe(false);
    fireEvent.click(vote);
    await waitFor(() => expect(screen.queryByRole('radio')).toBeNull());
    expect(calls[0]).toMatchObject({
      url: '/api/v1/polls/p1/votes',
      method: 'POST',
      body: { choices: [1] },
    });
    expect(useEntities.getState().statuses.s1?.poll?.voted).toBe(true);
    expect(screen.getByText('5 people voted')).toBeTruthy();
    expect(screen.getByText('(Your choice)', { exact: false })).toBeTruthy();
  });

  it('multiple choice: checkboxes, several chosen', async () => {
    ingestRaw(rawStatus('s1', { poll: rawPoll({ multiple: true }) }));
    answer = async () => Response.json(rawPoll({ multiple: true, voted: true, own_votes: [0, 2] }));
    render(<PollView statusId="s1" />);
    expect(await screen.findAllByRole('checkbox')).toHaveLength(3);
    expect(screen.queryByRole('radio')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Berries' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seeds' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Worms' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Worms' }));
    fireEvent.click(screen.getByRole('button', { name: 'Vote' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ choices: [0, 2] });
  });

  it("shows the server's error and keeps the choices when the vote fails", async () => {
    ingestRaw(rawStatus('s1', { poll: rawPoll() }));
    answer = async () => Response.json({ error: 'Poll is closed' }, { status: 422 });
    render(<PollView statusId="s1" />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Seeds' }));
    fireEvent.click(screen.getByRole('button', { name: 'Vote' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Poll is closed');
    expect((screen.getByRole('radio', { name: 'Seeds' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('PollView results', () => {
  it('shows results, not controls, once expires_at is past (even if the server said open)', () => {
    const past = new Date(Date.now() - 2 * 3600_000).toISOString();
    ingestRaw(rawStatus('s1', { poll: rawPoll({ expires_at: past, expired: false }) }));
    render(<PollView statusId="s1" />);
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Vote' })).toBeNull();
    expect(screen.getByText('75%')).toBeTruthy();
    expect(screen.getByText('3 votes')).toBeTruthy();
    expect(screen.getByText('1 vote')).toBeTruthy();
    expect(screen.getByText(/^closed 2 hours ago$/)).toBeTruthy();
  });

  it('shows anonymous visitors results only', () => {
    signOut();
    ingestRaw(rawStatus('s1', { poll: rawPoll() }));
    render(<PollView statusId="s1" />);
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Vote' })).toBeNull();
    expect(screen.getByText('Seeds')).toBeTruthy();
    expect(screen.getByText('4 people voted')).toBeTruthy();
    expect(screen.getByText(/^closes in (59 minutes|1 hour)$/)).toBeTruthy();
  });

  it('renders option titles as text with the poll emoji, never as HTML', () => {
    signOut();
    ingestRaw(
      rawStatus('s1', {
        poll: rawPoll({
          options: [{ title: '<img src=x onerror=alert(1)> :blob:', votes_count: 1 }],
          emojis: [{ shortcode: 'blob', url: '/emoji/blob.png', static_url: '/emoji/blob.png' }],
        }),
      }),
    );
    const { container } = render(<PollView statusId="s1" />);
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('img[alt=":blob:"]')).not.toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});

describe('PollView tracking', () => {
  it('refreshes the poll every 30 s while shown, and re-evaluates expiry', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2024-05-01T12:00:00Z'));
    ingestRaw(rawStatus('s1', { poll: rawPoll({ expires_at: '2024-05-01T12:00:45Z' }) }));
    answer = async () =>
      Response.json(rawPoll({ expires_at: '2024-05-01T12:00:45Z', votes_count: 9 }));
    const { unmount } = render(<PollView statusId="s1" />);
    expect(await screen.findAllByRole('radio')).toHaveLength(3);
    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    await vi.waitFor(() => expect(useEntities.getState().statuses.s1?.poll?.votesCount).toBe(9));
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/polls/p1']);
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    // 12:01:00 is past 12:00:45: results, and no more tracking of a closed poll.
    expect(screen.queryByRole('radio')).toBeNull();
    const count = calls.length;
    await act(async () => {
      vi.advanceTimersByTime(90_000);
    });
    expect(calls.length).toBe(count);
    unmount();
  });

  it('stops refreshing when it leaves the screen', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    ingestRaw(rawStatus('s1', { poll: rawPoll() }));
    answer = async () => Response.json(rawPoll());
    const { unmount } = render(<PollView statusId="s1" />);
    unmount();
    await act(async () => {
      vi.advanceTimersByTime(120_000);
    });
    expect(calls).toHaveLength(0);
  });
});
