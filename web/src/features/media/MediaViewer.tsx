import '../../i18n/parts/media.ts';
import { useEffect, useRef, useState, type TouchEvent } from 'react';
import type { Attachment } from '../../api/types.ts';
import { t } from '../../i18n/index.ts';
import { safeMediaUrl } from '../../lib/gallery.ts';
import { mediaViewerSwipe } from '../../lib/layout.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './MediaViewer.module.css';
import { PlayingVideo } from './PlayingVideo.tsx';
import { useMediaViewer } from './mediaViewerStore.ts';

/** Keys typed into these keep their own meaning (a caret, a slider), not the viewer's. */
const OWN_ARROW_KEYS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

function ImageView({ media }: { media: Attachment }) {
  const [loaded, setLoaded] = useState(false);
  const src = safeMediaUrl(media.url);
  if (!src) return null;
  return (
    <div className={styles.stage}>
      {!loaded && (
        <div className={styles.spinner}>
          <Spinner label={t('media.loading')} />
        </div>
      )}
      <img
        className={`${styles.media} ${loaded ? '' : styles.loading}`}
        src={src}
        alt={media.description ?? ''}
        width={media.width ?? undefined}
        height={media.height ?? undefined}
        onLoad={() => setLoaded(true)}
        onError={() => setLoaded(true)}
      />
    </div>
  );
}

function VideoView({ media }: { media: Attachment }) {
  return (
    <div className={styles.stage}>
      <PlayingVideo media={media} className={styles.media} />
    </div>
  );
}

function AudioView({ media }: { media: Attachment }) {
  const src = safeMediaUrl(media.url);
  if (!src) return null;
  return (
    <div className={styles.stage}>
      <audio
        className={styles.audio}
        src={src}
        controls
        autoPlay
        aria-label={media.description || t('media.audio')}
      />
    </div>
  );
}

function CurrentMedia({ media }: { media: Attachment }) {
  // Keyed by id: a new item starts with a fresh loading state.
  if (media.kind === 'image') return <ImageView key={media.id} media={media} />;
  if (media.kind === 'video') return <VideoView key={media.id} media={media} />;
  if (media.kind === 'audio') return <AudioView key={media.id} media={media} />;
  return null;
}

/**
 * The media viewer (spec part 2, §4 Media): the current item large; next and previous wrap
 * around; ArrowLeft/ArrowRight navigate; Escape, the close button, the backdrop and browser back
 * close it; a spinner shows while an image loads; videos loop per the loop preferences; on touch a
 * swipe of a quarter of the window's width goes to the next or previous item.
 * Loaded on demand (see AttachmentGallery).
 */
export default function MediaViewer() {
  const media = useMediaViewer((state) => state.media);
  const index = useMediaViewer((state) => state.index);
  const { close, next, previous } = useMediaViewer.getState();
  const touchStart = useRef<number | null>(null);
  const current = media[index];
  const several = media.length > 1;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target && OWN_ARROW_KEYS.has(target.tagName)) return;
      // Right to left, the previous button is on the right, and so is the key that goes back.
      const rtl = document.documentElement.dir === 'rtl';
      const [back, forward] = rtl ? ['ArrowRight', 'ArrowLeft'] : ['ArrowLeft', 'ArrowRight'];
      if (event.key === forward) {
        event.preventDefault();
        useMediaViewer.getState().next();
      } else if (event.key === back) {
        event.preventDefault();
        useMediaViewer.getState().previous();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  if (!current) return null;

  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    touchStart.current = event.touches.length === 1 ? (event.touches[0]?.clientX ?? null) : null;
  };
  const onTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    const start = touchStart.current;
    touchStart.current = null;
    const end = event.changedTouches[0]?.clientX;
    if (start === null || end === undefined || !several) return;
    const direction = mediaViewerSwipe(end - start, window.innerWidth);
    if (direction === 'next') next();
    else if (direction === 'previous') previous();
  };

  return (
    <Dialog
      title={
        <>
          {t('media.viewer')}
          {several && (
            <span className={styles.position}> {t('media.position', index + 1, media.length)}</span>
          )}
        </>
      }
      onClose={close}
      size="large"
      className={styles.viewer}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div className={styles.body}>
        {several && (
          <button
            type="button"
            className={`${styles.nav} ${styles.previous}`}
            aria-label={t('media.previous')}
            onClick={previous}
          >
            <span aria-hidden="true" className={styles.arrow}>
              ‹
            </span>
          </button>
        )}
        <CurrentMedia media={current} />
        {several && (
          <button
            type="button"
            className={`${styles.nav} ${styles.next}`}
            aria-label={t('media.next')}
            onClick={next}
          >
            <span aria-hidden="true" className={styles.arrow}>
              ›
            </span>
          </button>
        )}
      </div>
      {current.description && <p className={styles.description}>{current.description}</p>}
    </Dialog>
  );
}
