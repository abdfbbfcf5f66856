import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../api/types.ts';
import { useNotices } from '../../state/notices.ts';
import { pollersRunning } from '../../state/pollers.ts';
import { useSession } from '../../state/session.ts';
import { TOKEN_STORAGE_KEY } from './persistedSession.ts';
import { resetForTests } from './resetForTests.ts';
import { restoreSession } from './restoreSession.ts';
import { stubServer, TEST_ACCOUNT } from './testServer.ts';

/** The offline store knows one token's account (features/offline/offlineStore.ts). */
vi.mock('../offline/offlineStore.ts', () => ({
  accountForToken: async (token: string) =>
    token === 'tok-kept' ? ({ ...TEST_ACCOUNT, id: '7' } as unknown as Account) : null,
  forgetToken: async () => undefined,
  keepCopy: async () => undefined,
  readCopy: async () => null,
}));

const persist = (token: string) =>
  localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ token }));
const noticeKeys = () => useNotices.getState().notices.map((notice) => notice.messageKey);

beforeEach(() => resetForTests('/main/friends'));
afterEach(() => resetForTests('/main/friends'));

describe('a start without the server', () => {
  it('shows the account whose pages were kept, with none of its live updates', async () => {
    stubServer({ 'GET /api/v1/accounts/verify_credentials': () => 'network-error' });
    persist('tok-kept');
    await restoreSession();
    expect(useSession.getState()).toMatchObject({ status: 'signedIn', token: 'tok-kept' });
    expect(useSession.getState().user?.username).toBe('alice');
    expect(pollersRunning()).toBe(false);
    expect(noticeKeys()).toEqual([]);
  });

  it('checks the session for real once the browser is back online', async () => {
    stubServer({ 'GET /api/v1/accounts/verify_credentials': () => 'network-error' });
    persist('tok-kept');
    await restoreSession();
    const server = stubServer({});
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() =>
      expect(server.calls.some((call) => call.path === '/api/v1/accounts/verify_credentials')).toBe(
        true,
      ),
    );
    await vi.waitFor(() => expect(useSession.getState().status).toBe('signedIn'));
    expect(useSession.getState().token).toBe('tok-kept');
  });

  it('signs out a token the server refused once it answers again', async () => {
    stubServer({ 'GET /api/v1/accounts/verify_credentials': () => 'network-error' });
    persist('tok-kept');
    await restoreSession();
    stubServer({ 'GET /api/v1/accounts/verify_credentials': () => ({ status: 401 }) });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(useSession.getState().status).toBe('anonymous'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('stays signed out, saying so, for a token with nothing kept', async () => {
    stubServer({ 'GET /api/v1/accounts/verify_credentials': () => 'network-error' });
    persist('tok-other');
    await restoreSession();
    expect(useSession.getState().status).toBe('anonymous');
    expect(noticeKeys()).toEqual(['login.network_error']);
  });
});
