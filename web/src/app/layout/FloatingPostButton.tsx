import { t } from '../../i18n/index.ts';
import { isKeyboardProbablyOpen, showFloatingPostButton } from '../../lib/layout.ts';
import { useModals } from '../../state/modals.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useLocation } from '../../router/history.ts';
import { matchRoute } from '../../router/matchRoute.ts';
import styles from './FloatingPostButton.module.css';
import { useScrollingDown } from './useScrollingDown.ts';
import { useSignedIn } from './useSessionFlags.ts';
import { useWindowSize } from './useWindowSize.ts';

/**
 * The floating new-post button (spec part 1, §2): signed in only, never on the chats, chat and
 * lists-edit routes, hidden while scrolling down when autohide is on and while an on-screen
 * keyboard is probably open.
 */
export function FloatingPostButton() {
  const signedIn = useSignedIn();
  const autohide = usePreferences((state) => state.autohideFloatingPostButton);
  const location = useLocation();
  const { width, height } = useWindowSize();
  const scrollingDown = useScrollingDown(signedIn && autohide);
  const openComposer = useModals((state) => state.openComposer);

  const visible = showFloatingPostButton({
    signedIn,
    routeName: matchRoute(location.pathname, location.search)?.route.name,
    autohide,
    scrollingDown,
    keyboardOpen: isKeyboardProbablyOpen(width, height),
  });

  return (
    <>
      {visible && (
        <button
          type="button"
          className={styles.button}
          aria-label={t('shell.new_post')}
          title={t('shell.new_post')}
          onClick={() => openComposer({ kind: 'new' })}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
            <path
              d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      )}
    </>
  );
}
