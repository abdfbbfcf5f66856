import '../../i18n/parts/shoutbox.ts';
import { lazy, Suspense, useId, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { readStored, writeStored } from '../../state/storage.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './FloatingShoutPanel.module.css';

// The socket and its client load when the panel is first opened.
const ShoutView = lazy(() => import('./ShoutView.tsx').then((m) => ({ default: m.ShoutView })));

const OPEN_STORAGE_KEY = 'starling:shoutboxOpen';

/**
 * The shout box floating in a bottom corner of wide layouts: a small bar until opened, and open
 * or closed as the user left it (also after a reload).
 */
export function FloatingShoutPanel() {
  const [open, setOpen] = useState(() => readStored<boolean>(OPEN_STORAGE_KEY) === true);
  const bodyId = useId();
  const toggle = () => {
    writeStored(OPEN_STORAGE_KEY, !open);
    setOpen(!open);
  };
  return (
    <section className={styles.panel} aria-label={t('shoutbox.title')} data-open={open}>
      <button
        type="button"
        className={styles.bar}
        aria-expanded={open}
        aria-controls={open ? bodyId : undefined}
        title={t(open ? 'shoutbox.close' : 'shoutbox.open')}
        onClick={toggle}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <path
            d="M4 5h16v10H9l-5 4z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        <span>{t('shoutbox.title')}</span>
      </button>
      {open && (
        <div id={bodyId} className={styles.body}>
          <Suspense fallback={<Spinner />}>
            <ShoutView />
          </Suspense>
        </div>
      )}
    </section>
  );
}
