import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from './history.ts';
import { preloadFor } from './preload.ts';

interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string;
  replace?: boolean;
}

export const isPlainLeftClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * An in-app link: a real <a href> (open in new tab works) that navigates without reloading, and
 * fetches its screen's chunk when the pointer or focus comes to it.
 */
export function Link({
  to,
  replace,
  onClick,
  onPointerEnter,
  onFocus,
  target,
  ...rest
}: LinkProps) {
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        preloadFor(to, event);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        preloadFor(to, event);
      }}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainLeftClick(event) || (target && target !== '_self')) {
          return;
        }
        event.preventDefault();
        navigate(to, { replace });
      }}
    />
  );
}
