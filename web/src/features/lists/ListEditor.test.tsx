import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_ACCOUNT } from '../auth/testServer.ts';
import { getLocation } from '../../router/history.ts';
import { useLists } from '../../state/lists.ts';
import { useModals } from '../../state/modals.ts';
import { useNotices } from '../../state/notices.ts';
import { useSession } from '../../state/session.ts';
import { testAccount } from '../navigation/testSupport.ts';
import { ListEditor } from './ListEditor.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const person = (id: string, name: string) => ({
  ...TEST_ACCOUNT,
  id,
  username: id,
  acct: id,
  display_name: name,
});
const PEOPLE = {
  alice: person('alice', 'Alice'),
  bob: person('bob', 'Bob'),
  carol: person('carol', 'Carol'),
};
type Id = keyof typeof PEOPLE;

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** One list on a stub server that keeps its members, and every call made to it. */
function listServer(options: { members: Id[]; createStatus?: number }) {
  let members = [...options.members];
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'https://starling.test');
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, query: url.searchParams, body });
    const ids = () => (body as { account_ids: Id[] }).account_ids;
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/v1/lists/l1':
        return json({ id: 'l1', title: 'Birds' });
      case 'GET /api/v1/lists/l1/accounts':
        return json(members.map((id) => PEOPLE[id]));
      case 'POST /api/v1/lists/l1/accounts':
        members = [...members, ...ids()];
        return json({});
      case 'DELETE /api/v1/lists/l1/accounts':
        members = members.filter((id) => !ids().includes(id));
        return json({});
      case 'DELETE /api/v1/lists/l1':
      case 'POST /api/v1/lists/l2/accounts':
        return json({});
      case 'GET /api/v1/lists':
        return json([]);
      case 'GET /api/v1/accounts/search':
        return json([PEOPLE.carol, PEOPLE.alice]);
      case 'POST /api/v1/lists':
        return options.createStatus
          ? json({ error: "Validation failed: Title can't be blank" }, options.createStatus)
          : json({ id: 'l2', title: 'New' });
      default:
        return json({ error: 'not here' }, 404);
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, members: () => members };
}

/** Lets the stubbed answers and React's updates run, the fake clock standing still. */
const settle = async () => {
  for (let i = 0; i < 4; i += 1) await act(() => vi.advanceTimersByTimeAsync(0));
};

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

beforeEach(() => {
  vi.useFakeTimers();
  useSession.setState({ status: 'signedIn', token: 't', user: testAccount({ id: 'me' }) });
  useNotices.getState().clear();
  useLists.getState().clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the list editor', () => {
  it('marks members removed or added with undo, and saving sends the difference', async () => {
    const server = listServer({ members: ['alice', 'bob'] });
    render(<ListEditor listId="l1" />);
    await settle();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Birds');
    const members = () => screen.getByRole('list', { name: 'Members' });
    expect(within(members()).getAllByRole('listitem')).toHaveLength(2);

    click('Remove @bob');
    expect(within(members()).getByText('will be removed')).toBeTruthy();
    click('Undo removing @bob');
    expect(within(members()).queryByText('will be removed')).toBeNull();
    expect(
      (screen.getByRole('button', { name: 'Save members' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    click('Remove @bob');

    // The search waits for a 2 s pause in typing, and asks for followed accounts only.
    fireEvent.change(screen.getByLabelText('Search people'), { target: { value: 'ca' } });
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(server.calls.some((call) => call.path === '/api/v1/accounts/search')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await settle();
    const search = server.calls.find((call) => call.path === '/api/v1/accounts/search')!;
    expect(search.query.get('q')).toBe('ca');
    expect(search.query.get('following')).toBe('true');
    // Alice is already in: no add button for her.
    expect(screen.queryByRole('button', { name: 'Add @alice' })).toBeNull();
    click('Add @carol');
    expect(within(members()).getByText('will be added')).toBeTruthy();
    expect(screen.getByText('1 to add, 1 to remove')).toBeTruthy();

    click('Save members');
    await settle();
    const writes = server.calls.filter((call) => call.path === '/api/v1/lists/l1/accounts');
    expect(writes.filter((call) => call.method !== 'GET')).toEqual([
      expect.objectContaining({ method: 'POST', body: { account_ids: ['carol'] } }),
      expect.objectContaining({ method: 'DELETE', body: { account_ids: ['bob'] } }),
    ]);
    expect(server.members()).toEqual(['alice', 'carol']);
    expect(screen.getByText('Members saved.')).toBeTruthy();
    expect(within(members()).queryByText(/will be/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove @carol' })).toBeTruthy();
  });

  it('clearing “only people I follow” searches everyone', async () => {
    const server = listServer({ members: [] });
    render(<ListEditor listId="l1" />);
    await settle();
    fireEvent.click(screen.getByLabelText('Only people I follow'));
    fireEvent.change(screen.getByLabelText('Search people'), { target: { value: 'ca' } });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await settle();
    const search = server.calls.find((call) => call.path === '/api/v1/accounts/search')!;
    expect(search.query.get('following')).toBe('false');
  });

  it('deletes the list only after a yes to the confirmation', async () => {
    const server = listServer({ members: ['alice'] });
    render(<ListEditor listId="l1" />);
    await settle();
    const deletes = () =>
      server.calls.filter((call) => call.method === 'DELETE' && call.path === '/api/v1/lists/l1');

    click('Delete list');
    const asked = useModals.getState().confirms[0]!;
    expect(asked.messageArgs).toEqual(['Birds']);
    await act(async () => useModals.getState().answerConfirm(asked.id, false));
    await settle();
    expect(deletes()).toHaveLength(0);

    click('Delete list');
    await act(async () =>
      useModals.getState().answerConfirm(useModals.getState().confirms[0]!.id, true),
    );
    await settle();
    expect(deletes()).toHaveLength(1);
    expect(getLocation().pathname).toBe('/lists');
  });

  it('a new list has no update-title button, and a failed creation raises the error notice', async () => {
    const server = listServer({ members: [], createStatus: 422 });
    render(<ListEditor listId={null} />);
    expect(screen.queryByRole('button', { name: 'Update title' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete list' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Birds' } });
    click('Create list');
    await settle();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ title: 'Birds' });
    expect(useNotices.getState().notices).toEqual([
      expect.objectContaining({
        level: 'error',
        messageKey: 'modals.error_with_detail',
        messageArgs: ["Validation failed: Title can't be blank"],
      }),
    ]);
    expect(screen.getByRole('button', { name: 'Create list' })).toBeTruthy();
  });

  it('creates the list with the picked members and opens its editor', async () => {
    const server = listServer({ members: [] });
    render(<ListEditor listId={null} />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'New' } });
    fireEvent.change(screen.getByLabelText('Search people'), { target: { value: 'ca' } });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await settle();
    click('Add @carol');
    click('Create list');
    await settle();
    expect(server.calls.filter((call) => call.method === 'POST').map((c) => c.body)).toEqual([
      { title: 'New' },
      { account_ids: ['carol'] },
    ]);
    expect(getLocation().pathname).toBe('/lists/l2/edit');
    expect(useNotices.getState().notices).toEqual([]);
  });
});
