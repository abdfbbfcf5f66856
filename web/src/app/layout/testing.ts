import { act } from '@testing-library/react';
import type { Account } from '../../api/types.ts';
import { useSession } from '../../state/session.ts';

interface HappyDomWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}

/** Test helper: resize the happy-dom window and tell listeners. */
export function setViewport(width: number, height: number): void {
  act(() => {
    (window as unknown as HappyDomWindow).happyDOM.setViewport({ width, height });
    window.dispatchEvent(new Event('resize'));
  });
}

/** Test helper: a signed-in session with the given role (or anonymous with null). */
export function signInAs(role: Account['role'] | null): void {
  if (role === null) {
    useSession.setState({ status: 'anonymous', token: null, user: null });
    return;
  }
  const user = { id: '1', username: 'alice', acct: 'alice', role } as Account;
  useSession.setState({ status: 'signedIn', token: 'token', user });
}
