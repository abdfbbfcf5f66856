import { useAnnouncer } from '../state/announcer.ts';
import { VisuallyHidden } from '../ui/VisuallyHidden.tsx';

/**
 * One polite live region, on the page from the start (a region inserted together with its text is
 * often not read): it says when new posts arrive. Notices have a live region of their own.
 */
export function LiveRegion() {
  const message = useAnnouncer((state) => state.message);
  const count = useAnnouncer((state) => state.count);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" data-live-region="">
      {/* A no-break space on every other message: repeating the same words still changes it. */}
      <VisuallyHidden>{count % 2 === 0 ? `${message}\u00a0` : message}</VisuallyHidden>
    </div>
  );
}
