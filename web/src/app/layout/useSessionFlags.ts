import { useSession } from '../../state/session.ts';

export const useSignedIn = (): boolean => useSession((state) => state.status === 'signedIn');
export const useIsAdmin = (): boolean =>
  useSession((state) => state.status === 'signedIn' && state.user?.role === 'admin');
