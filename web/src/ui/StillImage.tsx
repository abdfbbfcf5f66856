import { useState, type ImgHTMLAttributes } from 'react';
import { canAnimateOnHover, shownImageUrl } from '../lib/stillImages.ts';
import { usePreferences } from '../state/preferences.ts';

type StillImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src: string;
  /** The server's still version (avatar_static, static_url). */
  stillSrc?: string | null;
};

/** An avatar or custom emoji that stays still until hovered while stopGifs is on. */
export function StillImage({ src, stillSrc, ...props }: StillImageProps) {
  const stopGifs = usePreferences((state) => state.stopGifs);
  const [hovered, setHovered] = useState(false);
  const listens = canAnimateOnHover(src, stillSrc, stopGifs);
  return (
    <img
      {...props}
      src={shownImageUrl(src, stillSrc, stopGifs, hovered)}
      onMouseEnter={listens ? () => setHovered(true) : undefined}
      onMouseLeave={listens ? () => setHovered(false) : undefined}
    />
  );
}
