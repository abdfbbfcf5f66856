import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { matchRoute } from '../../router/matchRoute.ts';
import { rawAccount, resetNavigationStores, signInAs } from '../navigation/testSupport.ts';
import { RECENT_QUERIES_KEY } from './recentQueries.ts';
import { SearchScreen } from './SearchScreen.tsx';

const DAY = 86_400;
const TODAY = 1_790_000_000 - (1_790_000_000 % DAY);

const bird = rawAccount({ id: '7', username: 'kestrel', acct: 'kestrel@elsewhere.example' });
const rawStatus = (id: string) => ({
  id,
  content: `<p>birds number ${id}</p>`,
  created_at: '2026-01-01T00:00:00.000Z',
  visibility: 'public',
  account: bird,
});
const birdsTag = {
  name: 'birds',
  url: 'http://localhost/tag/birds',
  history: [0, 1, 2, 3, 4, 5, 6].map((ago) => ({
    day: String(TODAY - ago * DAY),
    uses: String([3, 0, 1, 0, 6, 0, 2][ago]),
    accounts: String([2, 0, 1, 0, 4, 0, 1][ago]),
  })),
};

let answer: (url: URL) => unknown;
const calls: URL[] = [];

beforeEach(() => {
  resetNavigationStores();
  signInAs({ id: '1', username: 'alice', acct: 'alice' });
  calls.length = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    return Response.json(answer(url));
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const open = (query: string) =>
  render(<SearchScreen match={matchRoute('/search', `?${new URLSearchParams({ query })}`)!} />);

describe('SearchScreen', () => {
  it('shows posts, people and hashtags in tabs with their counts', async () => {
    answer = () => ({ statuses: [rawStatus('s1')], accounts: [bird], hashtags: [birdsTag] });
    open('birds');
    const tabs = await screen.findByRole('tablist', { name: 'Search results' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Statuses (1)', 'People (1)', 'Hashtags (1)']);
    expect(await screen.findByText('birds number s1')).toBeTruthy();
    expect(calls[0]!.pathname).toBe('/api/v2/search');
    expect(calls[0]!.searchParams.get('q')).toBe('birds');
    expect(calls[0]!.searchParams.get('resolve')).toBe('false');

    fireEvent.click(screen.getByRole('tab', { name: 'People (1)' }));
    expect(screen.getByText('@kestrel@elsewhere.example')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Hashtags (1)' }));
    expect(screen.getByRole('link', { name: '#birds' }).getAttribute('href')).toBe('/tag/birds');
    expect(screen.getByText('Latest day: 2 people, 3 uses')).toBeTruthy();
    const chart = screen.getByRole('img', { name: /^Use over the last 7 days: / });
    expect(chart.getAttribute('aria-label')).toMatch(/: 2 uses, .*: 3 uses$/);
    // A baseline and one bar a day.
    expect(chart.querySelectorAll('rect')).toHaveLength(8);
    expect(JSON.parse(window.localStorage.getItem(RECENT_QUERIES_KEY) ?? '[]')).toEqual(['birds']);
  });

  it('loads more of a tab from where it ended, and says when more may follow', async () => {
    const page = (from: number, count: number) =>
      Array.from({ length: count }, (_, k) => rawStatus(`s${from + k}`));
    answer = (url) =>
      url.searchParams.get('offset') === '20'
        ? { statuses: page(20, 3), accounts: [], hashtags: [] }
        : { statuses: page(0, 20), accounts: [], hashtags: [] };
    open('birds');
    expect(await screen.findByRole('tab', { name: 'Statuses (20+)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('tab', { name: 'Statuses (23)' })).toBeTruthy();
    expect(calls[1]!.searchParams.get('type')).toBe('statuses');
    expect(calls[1]!.searchParams.get('offset')).toBe('20');
    expect(screen.getByText('birds number s22')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('resolves a handle and opens its profile', async () => {
    answer = () => ({ statuses: [], accounts: [bird], hashtags: [] });
    open('@kestrel@elsewhere.example');
    await vi.waitFor(() => expect(window.location.pathname).toBe('/users/7'));
    expect(calls[0]!.searchParams.get('resolve')).toBe('true');
  });

  it('opens the conversation of a post found by its address', async () => {
    answer = () => ({ statuses: [rawStatus('s9')], accounts: [], hashtags: [] });
    open('https://elsewhere.example/objects/abc');
    await vi.waitFor(() => expect(window.location.pathname).toBe('/notice/s9'));
  });

  it('offers recent queries and searches again from the field', async () => {
    window.localStorage.setItem(RECENT_QUERIES_KEY, JSON.stringify(['moon', 'coffee']));
    answer = () => ({ statuses: [], accounts: [], hashtags: [] });
    open('');
    const recent = screen.getByRole('navigation', { name: 'Recent searches' });
    expect(
      within(recent)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['moon', 'coffee']);
    const field = screen.getByRole('combobox', { name: 'Search statuses, people and hashtags' });
    fireEvent.change(field, { target: { value: 'starling' } });
    fireEvent.submit(field.closest('form')!);
    expect(window.location.search).toBe('?query=starling');
    expect(calls).toHaveLength(0);
  });
});
