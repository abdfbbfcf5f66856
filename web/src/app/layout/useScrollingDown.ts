import { useEffect, useState } from 'react';
import { FLOATING_BUTTON_SCROLL_THROTTLE_MS } from '../../lib/layout.ts';
import { throttle } from './throttle.ts';

/** True while the page's last scroll movement went down; only listens when `enabled`. */
export function useScrollingDown(enabled: boolean): boolean {
  const [scrollingDown, setScrollingDown] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let lastY = window.scrollY;
    const onScroll = throttle(() => {
      const y = window.scrollY;
      if (y !== lastY) setScrollingDown(y > lastY);
      lastY = y;
    }, FLOATING_BUTTON_SCROLL_THROTTLE_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      onScroll.cancel();
    };
  }, [enabled]);
  return enabled && scrollingDown;
}
