import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { testAccount } from '../features/navigation/testSupport.ts';
import { LISTS_POLL_MS, startListsSync, useLists } from './lists.ts';
import { useSession } from './session.ts';

function stubClient(answers: unknown[][]) {
  const fetchImpl = vi.fn(async () => {
    const body = answers.shift() ?? [];
    return new Response(JSON.stringify(body), { status: 200 });
  });
  return { fetchImpl, client: createApiClient({ getToken: () => 'token', fetchImpl }) };
}

let stop: () => void = () => {};

beforeEach(() => {
  vi.useFakeTimers();
  useSession.getState().signOut();
  useLists.getState().clear();
});

afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('lists sync', () => {
  it('fetches the lists on sign-in, refreshes them every 240 s and empties them on sign-out', async () => {
    const { fetchImpl, client } = stubClient([
      [{ id: '1', title: 'Cats' }],
      [
        { id: '1', title: 'Cats' },
        { id: '2', title: 'Dogs' },
      ],
    ]);
    stop = startListsSync(client);
    await vi.advanceTimersByTimeAsync(LISTS_POLL_MS);
    expect(fetchImpl).not.toHaveBeenCalled();

    useSession.getState().signIn('token', testAccount());
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchImpl).toHaveBeenCalledWith('/api/v1/lists', expect.anything());
    expect(useLists.getState().lists.map((list) => list.title)).toEqual(['Cats']);

    await vi.advanceTimersByTimeAsync(LISTS_POLL_MS - 1);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(useLists.getState().lists.map((list) => list.title)).toEqual(['Cats', 'Dogs']);

    useSession.getState().signOut();
    expect(useLists.getState().lists).toEqual([]);
    await vi.advanceTimersByTimeAsync(LISTS_POLL_MS * 2);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });
});
