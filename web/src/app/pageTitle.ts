import { useEffect } from 'react';
import { t } from '../i18n/index.ts';
import {
  FAVICON_BADGE_CANVAS_PX,
  pageTitle,
  showFaviconBadge,
  unreadTotal,
} from '../lib/pageTitle.ts';
import { useInstance } from '../state/instance.ts';
import { useUnseen } from '../state/unseen.ts';

/** The badge: a dot in the icon's top-right corner, as a share of the canvas. */
const BADGE_RADIUS_SHARE = 0.22;
const BADGE_COLOR = '#e0245e';
const BADGE_OUTLINE_COLOR = '#ffffff';

function useUnreadTotal(): number {
  return useUnseen((state) => unreadTotal(state.notifications, state.chats, state.announcements));
}

/** "(N) Screen | Site": the route's title, the site name and the unseen count (spec §9). */
export function useDocumentTitle(screenTitle: string | null): void {
  const siteName = useInstance((state) => state.config.name);
  const unseen = useUnseen((state) => state);
  useEffect(() => {
    const base = screenTitle ? t('shell.document_title', screenTitle, siteName) : siteName;
    document.title = pageTitle(base, unseen.notifications, unseen.chats, unseen.announcements);
  }, [screenTitle, siteName, unseen]);
}

/** Draws `icon` with the unread badge on a FAVICON_BADGE_CANVAS_PX square canvas. */
export function drawBadgedIcon(canvas: HTMLCanvasElement, icon: CanvasImageSource): boolean {
  canvas.width = FAVICON_BADGE_CANVAS_PX;
  canvas.height = FAVICON_BADGE_CANVAS_PX;
  const context = canvas.getContext('2d');
  if (!context) return false;
  const size = FAVICON_BADGE_CANVAS_PX;
  const radius = size * BADGE_RADIUS_SHARE;
  context.clearRect(0, 0, size, size);
  context.drawImage(icon, 0, 0, size, size);
  context.beginPath();
  context.arc(size - radius, radius, radius, 0, 2 * Math.PI);
  context.fillStyle = BADGE_COLOR;
  context.fill();
  context.lineWidth = size * 0.04;
  context.strokeStyle = BADGE_OUTLINE_COLOR;
  context.stroke();
  return true;
}

interface OriginalIcon {
  link: HTMLLinkElement;
  href: string;
  type: string | null;
}

let original: OriginalIcon | null = null;

function faviconLink(): OriginalIcon | null {
  if (original) return original;
  const link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) return null;
  original = { link, href: link.href, type: link.getAttribute('type') };
  return original;
}

function restoreIcon(icon: OriginalIcon): void {
  icon.link.href = icon.href;
  if (icon.type) icon.link.setAttribute('type', icon.type);
}

/** Puts the badge on the favicon while anything is unread and restores the original at zero. */
export function useFaviconBadge(): void {
  const total = useUnreadTotal();
  const badged = showFaviconBadge(total);
  useEffect(() => {
    const icon = faviconLink();
    if (!icon) return;
    if (!badged) {
      restoreIcon(icon);
      return;
    }
    let cancelled = false;
    const image = new Image();
    image.onload = () => {
      if (cancelled) return;
      const canvas = document.createElement('canvas');
      if (!drawBadgedIcon(canvas, image)) return;
      icon.link.setAttribute('type', 'image/png');
      icon.link.href = canvas.toDataURL('image/png');
    };
    image.src = icon.href;
    return () => {
      cancelled = true;
    };
  }, [badged]);
}
