import { Suspense } from 'react';
import { useLocation } from '../../router/history.ts';
import { t } from '../../i18n/index.ts';
import { LazyPostStatusForm } from '../composer/LazyPostStatusForm.tsx';
import { useSession } from '../../state/session.ts';
import { ChunkErrorBoundary } from '../../ui/ChunkErrorBoundary.tsx';
import { lazyRetry } from '../../ui/lazyRetry.ts';
import { UserCard } from './UserCard.tsx';
import styles from './Auth.module.css';

// An anonymous visitor reads first: the sidebar's sign-in form is not on the start-up path.
const LoginForm = lazyRetry(() =>
  import('./SignInPanel.tsx').then((module) => ({ default: module.SignInPanel })),
);

const NEW_POST = { kind: 'new' } as const;

/** Sidebar user panel (spec part 1, §2): the login form when anonymous, the user card when signed in. */
export function UserPanel({ withPostForm = true }: { withPostForm?: boolean }) {
  const status = useSession((state) => state.status);
  const user = useSession((state) => state.user);
  // A link can prefill the post form: ?message=...
  const location = useLocation();
  const message = new URLSearchParams(location.search).get('message') ?? undefined;

  if (status === 'restoring') return <p aria-live="polite">{t('timeline.loading')}</p>;
  if (status === 'signedIn' && user) {
    return (
      <div className={styles.panel}>
        <UserCard user={user} />
        {withPostForm && <LazyPostStatusForm context={NEW_POST} message={message} />}
      </div>
    );
  }
  // The login screen has the form already; a second one would be a second, diverging sign-in.
  if (location.pathname === '/login') return null;
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={null}>
        <LoginForm />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
