import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from '../../router/Link.tsx';
import { t } from '../../i18n/index.ts';
import styles from './StatusCard.module.css';

const ReplyPreview = lazy(() => import('./ReplyPreview.tsx'));

/** A short pause before the preview opens, so passing the pointer over the link does nothing. */
export const REPLY_PREVIEW_DELAY_MS = 300;

/**
 * The reply-to line: a link to the replied-to post that previews it while hovered or focused.
 * Escape closes the preview.
 */
export function ReplyToLink({
  to,
  statusId,
  acct,
}: {
  to: string;
  statusId: string;
  acct: string | null;
}) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const previewId = useId();
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };

  return (
    <p
      className={styles.replyTo}
      onMouseEnter={() => show(REPLY_PREVIEW_DELAY_MS)}
      onMouseLeave={hide}
    >
      <Link
        to={to}
        aria-describedby={open ? previewId : undefined}
        onFocus={() => show(0)}
        onBlur={hide}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            hide();
          }
        }}
      >
        {acct ? t('status.reply_to', `@${acct}`) : t('status.reply_to_post')}
      </Link>
      {open && (
        <Suspense fallback={null}>
          <ReplyPreview statusId={statusId} id={previewId} />
        </Suspense>
      )}
    </p>
  );
}
