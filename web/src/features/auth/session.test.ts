import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyCredentials } from '../../api/accounts.ts';
import { api } from '../../app/apiClient.ts';
import { getLocation } from '../../router/history.ts';
import { useCustomEmoji } from '../../state/customEmoji.ts';
import { useInstance } from '../../state/instance.ts';
import { useModals } from '../../state/modals.ts';
import { useNotices } from '../../state/notices.ts';
import { pollersRunning } from '../../state/pollers.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useSession } from '../../state/session.ts';
import { getTimeline } from '../../state/timelines.ts';
import { useUnseen } from '../../state/unseen.ts';
import { requestLogout } from './logout.ts';
import { OAUTH_APP_STORAGE_KEY } from './oauthApp.ts';
import { LAST_LOGIN_NAME_STORAGE_KEY, TOKEN_STORAGE_KEY } from './persistedSession.ts';
import { resetForTests } from './resetForTests.ts';
import { restoreSession } from './restoreSession.ts';
import { stubServer, TEST_ACCOUNT } from './testServer.ts';

const APP = { clientId: 'cid', clientSecret: 'csecret', origin: window.location.origin };

function persist(token: string) {
  localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ token }));
  localStorage.setItem(OAUTH_APP_STORAGE_KEY, JSON.stringify(APP));
}

async function signedInAs(token: string) {
  persist(token);
  await restoreSession();
  expect(useSession.getState().status).toBe('signedIn');
}

const answerConfirm = async (accepted: boolean) => {
  await vi.waitFor(() => expect(useModals.getState().confirms).toHaveLength(1));
  const request = useModals.getState().confirms[0]!;
  useModals.getState().answerConfirm(request.id, accepted);
};

const noticeKeys = () => useNotices.getState().notices.map((notice) => notice.messageKey);

beforeEach(() => resetForTests('/main/friends'));
afterEach(() => resetForTests('/main/friends'));

describe('restoreSession', () => {
  it('resumes a persisted token, starts the side effects and keeps the last login name', async () => {
    stubServer({
      'GET /api/v1/notifications': () => ({
        status: 200,
        body: [
          {
            id: '1',
            type: 'follow',
            created_at: '2024-01-01T00:00:00.000Z',
            account: TEST_ACCOUNT,
            pleroma: { is_seen: false },
          },
        ],
      }),
      'GET /api/pleroma/emoji.json': () => ({
        status: 200,
        body: { blob: { image_url: '/emoji/blob.png', tags: ['x'] } },
      }),
    });
    localStorage.setItem(LAST_LOGIN_NAME_STORAGE_KEY, JSON.stringify('alice'));
    useInstance.setState({ loaded: true });
    useInstance.getState().update({ serverFlavour: 'pleroma' });
    await signedInAs('tok-1');
    expect(useSession.getState().user?.id).toBe('7');
    expect(useSession.getState().lastLoginName).toBe('alice');
    await vi.waitFor(() => expect(pollersRunning()).toBe(true));
    await vi.waitFor(() => expect(useUnseen.getState().notifications).toBe(1));
    await vi.waitFor(() => expect(useCustomEmoji.getState().emojis[0]?.shortcode).toBe('blob'));
  });

  it('on a home landing, signs in with the first page of home already shown, asked once', async () => {
    const homeStatus = {
      id: '90',
      content: '<p>first post home</p>',
      created_at: '2026-01-01T00:00:00.000Z',
      visibility: 'public',
      account: TEST_ACCOUNT,
    };
    const server = stubServer({
      'GET /api/v1/timelines/home': () => ({ status: 200, body: [homeStatus] }),
    });
    // What the screen renders on signing in: React renders a store's change in a microtask.
    const atSignIn: string[][] = [];
    const stop = useSession.subscribe((state) => {
      if (state.status !== 'signedIn') return;
      queueMicrotask(() => atSignIn.push(getTimeline({ kind: 'friends' }).visibleStatuses));
    });
    await signedInAs('tok-1');
    stop();
    expect(atSignIn[0]).toEqual(['90']);
    expect(server.callsTo('GET', '/api/v1/timelines/home')).toHaveLength(1);
    // The side effects come after the screen has been painted, and do start.
    await vi.waitFor(() => expect(pollersRunning()).toBe(true));
  });

  it('on another landing, signs in without asking for home', async () => {
    resetForTests('/settings');
    const server = stubServer({});
    await signedInAs('tok-1');
    expect(server.callsTo('GET', '/api/v1/timelines/home')).toEqual([]);
  });

  it('on a server that is not Pleroma, loads custom emoji from the Mastodon list', async () => {
    const server = stubServer({
      'GET /api/v1/custom_emojis': () => ({
        status: 200,
        body: [{ shortcode: 'gull', url: '/emoji/gull.png', static_url: '/emoji/gull.png' }],
      }),
    });
    useInstance.setState({ loaded: true });
    useInstance.getState().update({ serverFlavour: 'mastodon' });
    await signedInAs('tok-1');
    await vi.waitFor(() => expect(useCustomEmoji.getState().emojis[0]?.shortcode).toBe('gull'));
    expect(server.callsTo('GET', '/api/pleroma/emoji.json')).toEqual([]);
  });

  it('signs out with a notice and forgets the token when the server refuses it', async () => {
    stubServer({
      'GET /api/v1/accounts/verify_credentials': () => ({
        status: 401,
        body: { error: 'The access token is invalid' },
      }),
    });
    persist('revoked');
    await restoreSession();
    expect(useSession.getState().status).toBe('anonymous');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(noticeKeys()).toEqual(['session.expired']);
  });

  it('keeps the token and says so when the server cannot be reached', async () => {
    stubServer({ 'GET /api/v1/accounts/verify_credentials': () => 'network-error' });
    persist('tok-offline');
    await restoreSession();
    expect(useSession.getState().status).toBe('anonymous');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toContain('tok-offline');
    expect(noticeKeys()).toEqual(['login.network_error']);
  });

  it('warns once that login and settings will not be saved when storage is unavailable', async () => {
    stubServer({});
    // What a browser with cookies disabled does: every write throws.
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      removeItem: () => undefined,
      clear: () => undefined,
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    await restoreSession();
    await restoreSession();
    vi.unstubAllGlobals();
    expect(noticeKeys()).toEqual(['session.storage_unavailable']);
  });
});

describe('a 401 while signed in', () => {
  it('signs the user out cleanly with the notice', async () => {
    let revoked = false;
    stubServer({
      'GET /api/v1/accounts/verify_credentials': () =>
        revoked ? { status: 401, body: { error: 'gone' } } : { status: 200, body: TEST_ACCOUNT },
    });
    await signedInAs('tok-1');
    revoked = true;
    await expect(verifyCredentials(api)).rejects.toThrow();
    expect(useSession.getState().status).toBe('anonymous');
    expect(pollersRunning()).toBe(false);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(noticeKeys()).toEqual(['session.expired']);
  });
});

describe('requestLogout', () => {
  it('stays signed in when the confirmation is declined', async () => {
    const server = stubServer({});
    await signedInAs('tok-1');
    const logout = requestLogout();
    await answerConfirm(false);
    expect(await logout).toBe(false);
    expect(useSession.getState().status).toBe('signedIn');
    expect(server.callsTo('POST', '/oauth/revoke')).toHaveLength(0);
  });

  it('revokes, clears the stores and goes to the public timeline', async () => {
    const server = stubServer({ 'POST /oauth/revoke': () => ({ status: 201, body: {} }) });
    await signedInAs('tok-1');
    useUnseen.getState().set({ notifications: 4 });
    usePreferences.getState().setPreference('lastTimeline', 'friends');
    const logout = requestLogout();
    await answerConfirm(true);
    expect(await logout).toBe(true);

    const revoke = server.callsTo('POST', '/oauth/revoke')[0]?.form;
    expect(revoke?.get('token')).toBe('tok-1');
    expect(revoke?.get('client_id')).toBe('cid');
    expect(useSession.getState()).toMatchObject({ status: 'anonymous', token: null, user: null });
    expect(useUnseen.getState().notifications).toBe(0);
    expect(pollersRunning()).toBe(false);
    expect(usePreferences.getState().lastTimeline).toBe('public-timeline');
    expect(getLocation().pathname).toBe('/main/public');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('ends the session before the revocation is sent, which carries the token in its body only', async () => {
    const atRevocation: unknown[] = [];
    const server = stubServer({
      'POST /oauth/revoke': (call) => {
        atRevocation.push({
          stored: localStorage.getItem(TOKEN_STORAGE_KEY),
          session: useSession.getState().token,
          pollers: pollersRunning(),
          path: getLocation().pathname,
          authorization: call.authorization,
        });
        return { status: 200, body: {} };
      },
    });
    await signedInAs('tok-1');
    usePreferences.getState().setPreference('modalOnLogout', false);
    const logout = requestLogout();
    // Signed out at once, before the revocation has answered.
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(useSession.getState().token).toBeNull();
    expect(await logout).toBe(true);
    expect(atRevocation).toEqual([
      { stored: null, session: null, pollers: false, path: '/main/public', authorization: null },
    ]);
    expect(server.callsTo('POST', '/oauth/revoke')[0]?.form?.get('token')).toBe('tok-1');
  });

  it('forgets the name of the account just signed out, so the login form starts empty', async () => {
    stubServer({ 'POST /oauth/revoke': () => ({ status: 200, body: {} }) });
    await signedInAs('tok-1');
    expect(useSession.getState().lastLoginName).toBe(TEST_ACCOUNT.username);
    expect(localStorage.getItem(LAST_LOGIN_NAME_STORAGE_KEY)).not.toBeNull();
    usePreferences.getState().setPreference('modalOnLogout', false);
    expect(await requestLogout()).toBe(true);
    expect(useSession.getState().lastLoginName).toBe('');
    expect(localStorage.getItem(LAST_LOGIN_NAME_STORAGE_KEY)).toBeNull();
  });

  it('drops the token whatever the revocation answers, and a reload stays signed out', async () => {
    const server = stubServer({ 'POST /oauth/revoke': () => 'network-error' });
    await signedInAs('tok-1');
    usePreferences.getState().setPreference('modalOnLogout', false);
    expect(await requestLogout()).toBe(true);
    expect(useSession.getState().status).toBe('anonymous');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();

    const verifiesBefore = server.callsTo('GET', '/api/v1/accounts/verify_credentials').length;
    await restoreSession();
    expect(useSession.getState().status).toBe('anonymous');
    expect(server.callsTo('GET', '/api/v1/accounts/verify_credentials')).toHaveLength(
      verifiesBefore,
    );
  });
});
