import '../../i18n/parts/media.ts';
import { useEffect, useRef, useState } from 'react';
import type { Attachment } from '../../api/types.ts';
import { t } from '../../i18n/index.ts';
import { safeMediaUrl, shouldLoopVideo } from '../../lib/gallery.ts';
import { usePreferences } from '../../state/preferences.ts';

/** Whether a loaded video carries sound, where the browser tells; null when it cannot. */
function videoHasAudio(video: HTMLVideoElement): boolean | null {
  const probe = video as HTMLVideoElement & {
    mozHasAudio?: boolean;
    webkitAudioDecodedByteCount?: number;
    audioTracks?: { length: number };
  };
  if (typeof probe.mozHasAudio === 'boolean') return probe.mozHasAudio;
  if (probe.audioTracks) return probe.audioTracks.length > 0;
  if (typeof probe.webkitAudioDecodedByteCount === 'number') {
    return probe.webkitAudioDecodedByteCount > 0;
  }
  return null;
}

/** A video playing with controls, looping per the loop preferences (viewer and inline). */
export function PlayingVideo({
  media,
  className,
  takeFocus = false,
}: {
  media: Attachment;
  className?: string;
  /** Inline, the video replaces the button that started it: focus moves onto the video. */
  takeFocus?: boolean;
}) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (takeFocus) video.current?.focus();
  }, [takeFocus]);
  const loopVideo = usePreferences((state) => state.loopVideo);
  const loopVideoSilentOnly = usePreferences((state) => state.loopVideoSilentOnly);
  const [hasAudio, setHasAudio] = useState<boolean | null>(null);
  const src = safeMediaUrl(media.url);
  if (!src) return null;
  return (
    <video
      ref={video}
      className={className}
      src={src}
      poster={safeMediaUrl(media.previewUrl) ?? undefined}
      aria-label={media.description || t('media.video')}
      controls
      autoPlay
      playsInline
      loop={shouldLoopVideo({ loopVideo, loopVideoSilentOnly, hasAudio })}
      // Sound can only be told once some of the video has been decoded.
      onTimeUpdate={(event) => {
        if (hasAudio === null) setHasAudio(videoHasAudio(event.currentTarget));
      }}
    />
  );
}
