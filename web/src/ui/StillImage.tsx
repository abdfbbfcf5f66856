import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import { canAnimateOnHover, shownImageUrl } from '../lib/stillImages.ts';
import { usePreferences } from '../state/preferences.ts';

type StillImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src: string;
  /** The server's still version (avatar_static, static_url). */
  stillSrc?: string | null;
};

/**
 * An avatar or custom emoji that stays still while stopGifs is on, until the pointer is over it
 * or keyboard focus is on the link or button around it.
 */
export function StillImage({ src, stillSrc, ...props }: StillImageProps) {
  const stopGifs = usePreferences((state) => state.stopGifs);
  const [active, setActive] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  const listens = canAnimateOnHover(src, stillSrc, stopGifs);
  useEffect(() => {
    const control = listens ? image.current?.closest('a, button') : null;
    if (!control) return;
    const start = () => setActive(true);
    const stop = () => setActive(false);
    control.addEventListener('focusin', start);
    control.addEventListener('focusout', stop);
    return () => {
      control.removeEventListener('focusin', start);
      control.removeEventListener('focusout', stop);
    };
  }, [listens]);
  return (
    <img
      {...props}
      ref={image}
      src={shownImageUrl(src, stillSrc, stopGifs, active)}
      onMouseEnter={listens ? () => setActive(true) : undefined}
      onMouseLeave={listens ? () => setActive(false) : undefined}
    />
  );
}
