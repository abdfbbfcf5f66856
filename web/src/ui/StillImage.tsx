import { useEffect, useRef, useState, type ImgHTMLAttributes, type RefObject } from 'react';
import { canAnimateOnHover, needsFrozenFrame, shownImageUrl } from '../lib/stillImages.ts';
import { usePreferences } from '../state/preferences.ts';
import styles from './StillImage.module.css';

type StillImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  /** Missing when the server gave no usable address: the image then has no source. */
  src: string | null | undefined;
  /** The server's still version (avatar_static, static_url). */
  stillSrc?: string | null;
};

/**
 * An avatar or custom emoji that stays still while stopGifs is on, until the pointer is over it
 * or keyboard focus is on the link or button around it. Without a distinct still version from
 * the server, an animatable picture is shown as its first frame drawn on a canvas.
 */
export function StillImage({ src, stillSrc, ...props }: StillImageProps) {
  const stopGifs = usePreferences((state) => state.stopGifs);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const active = hovered || focused;
  const element = useRef<HTMLElement>(null);
  const hoverArea = useRef<HTMLSpanElement>(null);
  const url = src ?? '';
  const listens = canAnimateOnHover(url, stillSrc, stopGifs);
  useEffect(() => {
    const control = listens ? element.current?.closest('a, button') : null;
    return control ? follow(control, 'focusin', 'focusout', setFocused) : undefined;
  }, [listens]);
  useEffect(() => {
    // Native events: React derives its enter and leave from mouseout, which a browser does not
    // send when the hovered picture was replaced under a still pointer.
    const area = hoverArea.current;
    return area ? follow(area, 'mouseenter', 'mouseleave', setHovered) : undefined;
  }, [listens]);
  const picture =
    !active && needsFrozenFrame(url, stillSrc, stopGifs) ? (
      <FirstFrame
        canvasRef={element as RefObject<HTMLCanvasElement | null>}
        url={url}
        alt={props.alt}
        title={props.title}
        className={props.className}
        width={props.width}
        height={props.height}
      />
    ) : (
      <img
        {...props}
        ref={element as RefObject<HTMLImageElement | null>}
        src={shownImageUrl(url, stillSrc, stopGifs, active) || undefined}
      />
    );
  if (!listens) return picture;
  // The pointer is followed on a wrapper that stays while the canvas and the image swap under
  // it: the browser moves its hover to the wrapper when the hovered picture is replaced, so the
  // wrapper always gets its mouseleave, which a swapped-in picture may never get.
  return (
    <span ref={hoverArea} className={styles.hoverArea}>
      {picture}
    </span>
  );
}

/** Sets `on` to true on `start` events at `target` and false on `end` ones; returns the unlisten. */
function follow(target: EventTarget, start: string, end: string, on: (value: boolean) => void) {
  const begin = () => on(true);
  const finish = () => on(false);
  target.addEventListener(start, begin);
  target.addEventListener(end, finish);
  return () => {
    target.removeEventListener(start, begin);
    target.removeEventListener(end, finish);
  };
}

interface FirstFrameProps {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  url: string;
  alt?: string;
  title?: string;
  className?: string;
  width?: number | string;
  height?: number | string;
}

/**
 * The picture's first frame, drawn once it has loaded; it reads as the image it stands for. Given
 * a width and height it draws at that size (as the image would show without CSS sizing it);
 * otherwise at the picture's own size, for CSS to scale.
 */
function FirstFrame({ canvasRef, url, alt, width, height, ...rest }: FirstFrameProps) {
  useEffect(() => {
    const picture = new Image();
    picture.onload = () => {
      const canvas = canvasRef.current;
      const context = canvas?.getContext('2d');
      if (!canvas || !context) return;
      canvas.width = Number(width) || picture.naturalWidth;
      canvas.height = Number(height) || picture.naturalHeight;
      context.drawImage(picture, 0, 0, canvas.width, canvas.height);
    };
    picture.src = url;
    return () => {
      picture.onload = null;
    };
  }, [url, canvasRef, width, height]);
  return (
    <canvas
      {...rest}
      ref={canvasRef}
      width={width ?? 1}
      height={height ?? 1}
      data-still-frame=""
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
    />
  );
}
