import { useEffect, useRef } from 'react';
import { t } from '../i18n/index.ts';
import { announce, useAnnouncer } from '../state/announcer.ts';
import { useNotices } from '../state/notices.ts';
import { VisuallyHidden } from '../ui/VisuallyHidden.tsx';

/**
 * One polite live region, on the page from the start (a region inserted together with its text is
 * often not read): it says when new posts arrive and what the latest notice is. Errors and
 * warnings are alerts of their own (Notices).
 */
export function LiveRegion() {
  const message = useAnnouncer((state) => state.message);
  const count = useAnnouncer((state) => state.count);
  const notices = useNotices((state) => state.notices);
  const lastNotice = useRef(0);

  useEffect(() => {
    for (const notice of notices) {
      if (notice.id <= lastNotice.current) continue;
      lastNotice.current = notice.id;
      if (notice.level === 'info' || notice.level === 'success') {
        announce(t(notice.messageKey, ...notice.messageArgs));
      }
    }
  }, [notices]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" data-live-region="">
      {/* A no-break space on every other message: repeating the same words still changes it. */}
      <VisuallyHidden>{count % 2 === 0 ? `${message}\u00a0` : message}</VisuallyHidden>
    </div>
  );
}
