import { describe, expect, it } from 'vitest';
import { guardRoute, type GuardContext } from './guards.ts';
import { matchRoute } from '../router/matchRoute.ts';

const anonymous: GuardContext = {
  session: 'anonymous',
  instanceLoaded: true,
  registrationOpen: true,
  federating: true,
  chatsAvailable: true,
  shoutAvailable: true,
  redirectRootLogin: '/main/friends',
  redirectRootNoLogin: '/main/all',
};
const signedIn: GuardContext = { ...anonymous, session: 'signedIn' };
const restoring: GuardContext = { ...anonymous, session: 'restoring' };

const guard = (path: string, context: GuardContext) => guardRoute(matchRoute(path), context);

describe('root', () => {
  it('sends anonymous visitors to the logged-out target and signed-in users to the logged-in one', () => {
    expect(guard('/', anonymous)).toEqual({ kind: 'redirect', to: '/main/all' });
    expect(guard('/', signedIn)).toEqual({ kind: 'redirect', to: '/main/friends' });
  });

  it('uses the instance-configured targets', () => {
    const configured = {
      ...anonymous,
      redirectRootLogin: '/main/public',
      redirectRootNoLogin: '/about',
    };
    expect(guard('/', configured)).toEqual({ kind: 'redirect', to: '/about' });
    expect(guard('/', { ...configured, session: 'signedIn' })).toEqual({
      kind: 'redirect',
      to: '/main/public',
    });
  });

  it('falls back to the defaults when a target is empty or points at / itself', () => {
    expect(guard('/', { ...anonymous, redirectRootNoLogin: '' })).toEqual({
      kind: 'redirect',
      to: '/main/all',
    });
    expect(guard('/', { ...signedIn, redirectRootLogin: '/' })).toEqual({
      kind: 'redirect',
      to: '/main/friends',
    });
  });

  it('waits while the session is restored or the instance configuration loads', () => {
    expect(guard('/', restoring)).toEqual({ kind: 'wait' });
    expect(guard('/', { ...anonymous, instanceLoaded: false })).toEqual({ kind: 'wait' });
  });
});

describe('login-required routes', () => {
  it('send signed-out visitors to the logged-out target', () => {
    expect(guard('/main/friends', anonymous)).toEqual({ kind: 'redirect', to: '/main/all' });
    expect(guard('/lists/3/edit', { ...anonymous, redirectRootNoLogin: '/main/public' })).toEqual({
      kind: 'redirect',
      to: '/main/public',
    });
    expect(guard('/alice/notifications', anonymous)).toEqual({
      kind: 'redirect',
      to: '/main/all',
    });
  });

  it('show a spinner instead of redirecting while the session is being restored', () => {
    expect(guard('/main/friends', restoring)).toEqual({ kind: 'wait' });
  });

  it('render for signed-in users', () => {
    expect(guard('/main/friends', signedIn)).toEqual({ kind: 'render' });
    expect(guard('/nav-edit', signedIn)).toEqual({ kind: 'render' });
  });
});

describe('registration', () => {
  it('redirects to root when registration is closed and no token is given', () => {
    const closed = { ...anonymous, registrationOpen: false };
    expect(guard('/registration', closed)).toEqual({ kind: 'redirect', to: '/' });
    expect(guard('/registration/invite-token', closed)).toEqual({ kind: 'render' });
  });

  it('renders when registration is open', () => {
    expect(guard('/registration', anonymous)).toEqual({ kind: 'render' });
  });

  it('redirects signed-in users to root, token or not', () => {
    expect(guard('/registration', signedIn)).toEqual({ kind: 'redirect', to: '/' });
    expect(guard('/registration/invite-token', signedIn)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('waits for the session and for the instance to say whether registration is open', () => {
    expect(guard('/registration', restoring)).toEqual({ kind: 'wait' });
    expect(guard('/registration', { ...anonymous, instanceLoaded: false })).toEqual({
      kind: 'wait',
    });
  });
});

describe('password reset', () => {
  it('redirects signed-in users to root and renders for everyone else', () => {
    expect(guard('/password-reset', signedIn)).toEqual({ kind: 'redirect', to: '/' });
    expect(guard('/password-reset', anonymous)).toEqual({ kind: 'render' });
    expect(guard('/password-reset', restoring)).toEqual({ kind: 'wait' });
  });
});

describe('instance capabilities', () => {
  it('sends /main/all to /main/public when the instance does not federate', () => {
    expect(guard('/main/all', { ...anonymous, federating: false })).toEqual({
      kind: 'redirect',
      to: '/main/public',
    });
    expect(guard('/main/all', anonymous)).toEqual({ kind: 'render' });
  });

  it('keeps /main/all on screen until the instance configuration says otherwise', () => {
    expect(guard('/main/all', { ...anonymous, federating: false, instanceLoaded: false })).toEqual({
      kind: 'render',
    });
  });

  it('shows not found for chats when the instance has no chats', () => {
    const noChats = { ...signedIn, chatsAvailable: false };
    expect(guard('/users/alice/chats', noChats)).toEqual({ kind: 'not-found' });
    expect(guard('/users/alice/chats/9', noChats)).toEqual({ kind: 'not-found' });
    expect(guard('/users/alice/chats', signedIn)).toEqual({ kind: 'render' });
  });

  it('shows not found for the shout box when the instance has none, and asks visitors to log in', () => {
    expect(guard('/shout-panel', { ...signedIn, shoutAvailable: false })).toEqual({
      kind: 'not-found',
    });
    expect(guard('/shout-panel', signedIn)).toEqual({ kind: 'render' });
    expect(guard('/shout-panel', anonymous)).toEqual({ kind: 'redirect', to: '/main/all' });
  });
});

it('unknown paths are not found', () => {
  expect(guard('/definitely/not/a/route', anonymous)).toEqual({ kind: 'not-found' });
});
