import { t } from '../../i18n/index.ts';
import { useSession } from '../../state/session.ts';
import { LoginForm } from './LoginForm.tsx';
import { UserCard } from './UserCard.tsx';

/** Sidebar user panel (spec part 1, §2): the login form when anonymous, the user card when signed in. */
export function UserPanel() {
  const status = useSession((state) => state.status);
  const user = useSession((state) => state.user);

  if (status === 'restoring') return <p aria-live="polite">{t('timeline.loading')}</p>;
  if (status === 'signedIn' && user) {
    return (
      <div>
        <UserCard user={user} />
        {/* SLOT (owner: composer, later issue): the post form goes here, below the card. */}
      </div>
    );
  }
  return <LoginForm />;
}
