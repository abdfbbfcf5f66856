import { parseAccount } from '../../api/schemas/account.ts';
import type { Account } from '../../api/types.ts';
import { DEFAULT_INSTANCE_CONFIG, useInstance } from '../../state/instance.ts';
import { useLists } from '../../state/lists.ts';
import { clearSettings } from '../../state/settingsSync.ts';
import { useSession } from '../../state/session.ts';
import { useUnseen } from '../../state/unseen.ts';

/** Raw account JSON as the server sends it, for tests. */
export function rawAccount(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { pleroma, ...rest } = overrides;
  return {
    id: '1',
    username: 'alice',
    acct: 'alice',
    url: 'http://localhost/users/alice',
    created_at: '2023-01-01T00:00:00Z',
    locked: false,
    follow_requests_count: 0,
    ...rest,
    pleroma: { is_admin: false, settings_store: {}, ...(pleroma as object) },
  };
}

export function testAccount(overrides: Record<string, unknown> = {}): Account {
  const account = parseAccount(rawAccount(overrides));
  if (!account) throw new Error('test account did not parse');
  return account;
}

export function signInAs(overrides: Record<string, unknown> = {}): Account {
  const account = testAccount(overrides);
  useSession.getState().signIn('token', account);
  return account;
}

export function resetNavigationStores(): void {
  useSession.getState().signOut();
  useInstance.setState({ config: { ...DEFAULT_INSTANCE_CONFIG } });
  useLists.getState().clear();
  useUnseen.setState({ notifications: 0, chats: 0, announcements: 0 });
  clearSettings();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
}
