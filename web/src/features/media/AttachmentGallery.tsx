import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import type { Attachment } from '../../api/types.ts';
import { t } from '../../i18n/index.ts';
import { galleryLayout, safeMediaUrl, type GalleryItem } from '../../lib/gallery.ts';
import { isGifImage } from '../../lib/stillImages.ts';
import { useInstance } from '../../state/instance.ts';
import { usePreferences } from '../../state/preferences.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { StillImage } from '../../ui/StillImage.tsx';
import { useRovingFocus } from '../../ui/useRovingFocus.ts';
import styles from './AttachmentGallery.module.css';
import { useMediaViewer } from './mediaViewerStore.ts';

/** Loaded on demand: not part of a timeline's first paint. */
const MediaViewer = lazy(() => import('./MediaViewer.tsx'));
/** Flash attachments are rare: their player (not the emulator, which loads on play) is a chunk. */
const FlashAttachment = lazy(() => import('./FlashAttachment.tsx'));
/** Only after a click on a video with playVideosInModal off (shared with the viewer's chunk). */
const PlayingVideo = lazy(() =>
  import('./PlayingVideo.tsx').then((module) => ({ default: module.PlayingVideo })),
);

/** Kinds the media viewer shows; other files are links to open or download. */
const isViewable = (attachment: Attachment) =>
  attachment.kind === 'image' || attachment.kind === 'video' || attachment.kind === 'audio';

function fileName(attachment: Attachment): string {
  const path = attachment.url.split(/[?#]/)[0] ?? '';
  return decodeURIComponentSafe(path.slice(path.lastIndexOf('/') + 1)) || attachment.id;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

interface TileProps {
  attachment: Attachment;
  label: string;
  single: boolean;
  onOpen(): void;
}

function MediaTile({ attachment, label, single, onOpen }: TileProps) {
  const preview = safeMediaUrl(attachment.previewUrl) ?? safeMediaUrl(attachment.url);
  const width = attachment.width ?? undefined;
  const height = attachment.height ?? undefined;
  const preload = usePreferences((state) => state.preloadImage);
  const [requested, setRequested] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const playInModal = usePreferences((state) => state.playVideosInModal);
  const [playingInline, setPlayingInline] = useState(false);
  // preloadImage off: nothing is fetched until the user asks for this picture.
  if (!preload && !requested) {
    return (
      <button
        type="button"
        className={`${styles.tile} ${styles.onDemand} ${single ? styles.single : ''}`}
        aria-label={t('media.load_media', label)}
        onClick={() => setRequested(true)}
      >
        <span aria-hidden="true">{t('media.load')}</span>
      </button>
    );
  }
  const loading = !preload && !loaded;
  if (attachment.kind === 'video') {
    const poster =
      attachment.previewUrl && attachment.previewUrl !== attachment.url
        ? safeMediaUrl(attachment.previewUrl)
        : null;
    const src = safeMediaUrl(attachment.url);
    if (playingInline && !playInModal) {
      return (
        <div className={`${styles.tile} ${styles.inlineVideo} ${single ? styles.single : ''}`}>
          <Suspense fallback={<Spinner label={t('media.loading')} />}>
            <PlayingVideo media={attachment} className={styles.thumb} takeFocus />
          </Suspense>
        </div>
      );
    }
    return (
      <button
        type="button"
        className={`${styles.tile} ${single ? styles.single : ''}`}
        aria-label={label}
        // playVideosInModal off: the video plays here, in the post, instead of in the viewer.
        onClick={playInModal ? onOpen : () => setPlayingInline(true)}
      >
        {poster ? (
          <img
            className={styles.thumb}
            src={poster}
            alt=""
            loading="lazy"
            width={width}
            height={height}
          />
        ) : (
          src && (
            <video
              className={styles.thumb}
              src={src}
              preload="metadata"
              muted
              playsInline
              width={width}
              height={height}
              aria-hidden="true"
              tabIndex={-1}
            />
          )
        )}
        <span className={styles.play} aria-hidden="true">
          ▶
        </span>
      </button>
    );
  }
  const gif = attachment.kind === 'image' && isGifImage(attachment.mimeType, attachment.url);
  return (
    <button
      type="button"
      className={`${styles.tile} ${single ? styles.single : ''}`}
      aria-label={label}
      onClick={onOpen}
    >
      {gif ? (
        // Like avatars: the server's still thumbnail, or the first frame, until hovered or focused.
        <StillImage
          className={styles.thumb}
          src={safeMediaUrl(attachment.url)}
          stillSrc={preview}
          alt={attachment.description ?? ''}
          title={attachment.description ?? undefined}
          width={width}
          height={height}
          onLoad={() => setLoaded(true)}
          onError={() => setLoaded(true)}
        />
      ) : (
        preview && (
          <img
            className={styles.thumb}
            src={preview}
            alt={attachment.description ?? ''}
            title={attachment.description ?? undefined}
            loading="lazy"
            decoding="async"
            width={width}
            height={height}
            onLoad={() => setLoaded(true)}
            onError={() => setLoaded(true)}
          />
        )
      )}
      {loading && !gif && (
        <span className={styles.tileSpinner} data-loading="">
          <Spinner label={t('media.loading')} />
        </span>
      )}
    </button>
  );
}

/**
 * hideAttachments: one line per attachment, a small thumbnail and the file's name, so a post
 * with many pictures stays a few lines tall.
 */
function CompactTile({ attachment, label, onOpen }: Omit<TileProps, 'single'>) {
  const name = attachment.description || fileName(attachment);
  const thumb =
    attachment.kind === 'image' || attachment.kind === 'video'
      ? (safeMediaUrl(attachment.previewUrl) ??
        (attachment.kind === 'image' ? safeMediaUrl(attachment.url) : null))
      : null;
  if (!isViewable(attachment)) return <FileTile attachment={attachment} />;
  return (
    <button type="button" className={styles.compact} aria-label={label} onClick={onOpen}>
      {thumb ? (
        <img className={styles.compactThumb} src={thumb} alt="" loading="lazy" decoding="async" />
      ) : (
        <span className={styles.compactThumb} aria-hidden="true">
          {attachment.kind === 'audio' ? '♪' : '▶'}
        </span>
      )}
      <span className={styles.compactName}>{name}</span>
    </button>
  );
}

function AudioTile({ attachment, label, onOpen }: Omit<TileProps, 'single'>) {
  const src = safeMediaUrl(attachment.url);
  return (
    <div className={styles.audioTile}>
      {src && (
        <audio
          className={styles.audio}
          src={src}
          controls
          preload="none"
          aria-label={attachment.description || t('media.audio')}
        />
      )}
      <button type="button" className={styles.openSmall} aria-label={label} onClick={onOpen}>
        <span aria-hidden="true">⤢</span>
      </button>
    </div>
  );
}

function FileTile({ attachment }: { attachment: Attachment }) {
  const href = safeMediaUrl(attachment.url);
  const name = attachment.description || fileName(attachment);
  if (!href) return <span className={styles.file}>{name}</span>;
  return (
    <a
      className={styles.file}
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      aria-label={t('media.open_file', name)}
    >
      <span aria-hidden="true">📎 </span>
      {name}
    </a>
  );
}

export interface AttachmentGalleryProps {
  statusId: string;
  attachments: readonly Attachment[];
  sensitive: boolean;
  /** Where the gallery is shown: hideAttachments applies on timelines, hideAttachmentsInConv in
   * conversations. Timeline unless told. */
  context?: 'timeline' | 'conversation';
}

/**
 * A post's attachments (spec part 2, §4 Media, §9 Gallery): rows of up to three; audio and other
 * files on rows of their own; thumbnails above maxThumbnails behind a '+N' tile; long galleries
 * collapsed with show-all; sensitive media hidden until revealed (hideNsfw) — with
 * useOneClickNsfw the one click also opens the viewer; each tile opens the media viewer there.
 */
export function AttachmentGallery({
  statusId,
  attachments,
  sensitive,
  context = 'timeline',
}: AttachmentGalleryProps) {
  const ownerId = `${statusId}:${useId()}`;
  const hideNsfw = usePreferences((state) => state.hideNsfw);
  const oneClick = usePreferences((state) => state.useOneClickNsfw);
  const censorImage = safeMediaUrl(useInstance((state) => state.config.nsfwCensorImage));
  const maxThumbnails = usePreferences((state) => state.maxThumbnails);
  const hideAttachments = usePreferences((state) =>
    context === 'conversation' ? state.hideAttachmentsInConv : state.hideAttachments,
  );
  const viewerOpen = useMediaViewer((state) => state.open && state.ownerId === ownerId);
  const [revealed, setRevealed] = useState(false);
  const [expanded, setExpanded] = useState(false);
  // One tab stop for the tiles: the arrow keys move between them, the viewer through them all.
  const tiles = useRovingFocus<HTMLDivElement>();

  const viewable = useMemo(() => attachments.filter(isViewable), [attachments]);
  const layout = useMemo(
    () =>
      galleryLayout(
        attachments.map((attachment) => attachment.kind),
        { maxThumbnails, size: hideAttachments ? 'hide' : 'normal' },
      ),
    [attachments, maxThumbnails, hideAttachments],
  );

  // The viewer lives with the gallery that opened it: close it if the gallery goes away.
  useEffect(
    () => () => {
      const viewer = useMediaViewer.getState();
      if (viewer.ownerId === ownerId) viewer.close();
    },
    [ownerId],
  );

  if (attachments.length === 0) return null;

  /** Opens the viewer on the attachment, or the next one it can show (a '+N' tile, a file). */
  const open = (attachmentIndex: number) => {
    const target = attachments.slice(attachmentIndex).find(isViewable) ?? viewable[0];
    if (target) useMediaViewer.getState().show(ownerId, viewable, viewable.indexOf(target));
  };

  const hidden = sensitive && hideNsfw && !revealed;
  const viewer = viewerOpen && (
    <Suspense fallback={null}>
      <MediaViewer />
    </Suspense>
  );

  if (hidden) {
    return (
      <div className={styles.gallery} role="group" aria-label={t('media.gallery')}>
        <button
          type="button"
          className={styles.nsfwCover}
          aria-expanded={false}
          onClick={() => {
            setRevealed(true);
            if (oneClick) open(0);
          }}
        >
          {censorImage && (
            <img className={styles.censor} src={censorImage} alt="" data-censor-image="" />
          )}
          <span className={styles.nsfwLabel}>{t('media.sensitive')}</span>
          <span className={styles.nsfwAction}>{t('media.show_media')}</span>
        </button>
        {viewer}
      </div>
    );
  }

  const rows = expanded ? layout.rows : layout.rows.slice(0, layout.collapsedRowCount);
  const total = attachments.length;
  const tile = (item: GalleryItem, single: boolean) => {
    if (item.type === 'more') {
      return (
        <button
          key="more"
          type="button"
          className={hideAttachments ? styles.compact : `${styles.tile} ${styles.more}`}
          aria-label={t('media.more_label', item.count)}
          onClick={() => open(item.index)}
        >
          <span aria-hidden="true">{t('media.more', item.count)}</span>
        </button>
      );
    }
    const attachment = attachments[item.index];
    if (!attachment) return null;
    const described = (text: string) => t('media.open_described', item.index + 1, total, text);
    const label = attachment.description
      ? described(attachment.description)
      : t('media.open_numbered', item.index + 1, total);
    const onOpen = () => open(item.index);
    if (hideAttachments) {
      // The compact line shows the file's name when there is no description: its name says it.
      const shown = described(attachment.description || fileName(attachment));
      return (
        <CompactTile key={attachment.id} attachment={attachment} label={shown} onOpen={onOpen} />
      );
    }
    if (attachment.kind === 'image' || attachment.kind === 'video') {
      return (
        <MediaTile
          key={attachment.id}
          attachment={attachment}
          label={label}
          single={single}
          onOpen={onOpen}
        />
      );
    }
    if (attachment.kind === 'audio') {
      return (
        <AudioTile key={attachment.id} attachment={attachment} label={label} onOpen={onOpen} />
      );
    }
    if (attachment.kind === 'flash') {
      return (
        <Suspense key={attachment.id} fallback={null}>
          <FlashAttachment attachment={attachment} />
        </Suspense>
      );
    }
    return <FileTile key={attachment.id} attachment={attachment} />;
  };

  return (
    <div
      {...tiles}
      className={`${styles.gallery} ${hideAttachments ? styles.compactGallery : ''}`}
      role="group"
      aria-label={t('media.gallery')}
    >
      {sensitive && hideNsfw && (
        <button
          type="button"
          className={styles.hideButton}
          aria-expanded={true}
          onClick={() => setRevealed(false)}
        >
          {t('media.hide_media')}
        </button>
      )}
      {rows.map((row, rowIndex) => (
        <div
          key={rowIndex}
          className={`${styles.row} ${row.type === 'media' ? styles.mediaRow : styles.listRow}`}
          data-items={row.items.length}
        >
          {row.items.map((item) => tile(item, layout.rows.length === 1 && row.items.length === 1))}
        </div>
      ))}
      {layout.collapsible && (
        <button
          type="button"
          className={styles.expand}
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? t('media.collapse') : t('media.show_all', total)}
        </button>
      )}
      {viewer}
    </div>
  );
}
