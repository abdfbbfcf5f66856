import sharp from 'sharp';

/**
 * The web app manifest that makes the client installable (issue 26), and the icons it names.
 * One definition for the local instance (which names the app after itself) and for the build,
 * which writes a copy into dist/ for proxy mode and plain hosting. Pleroma and Akkoma answer
 * /manifest.json themselves when Starling is installed as their frontend.
 */

export const MANIFEST_PATH = '/manifest.json';
/** Under /static: the only place Pleroma serves a frontend's files from, besides a few names. */
export const ICON_DIR = '/static/icons';
/** The home timeline; an anonymous visitor is sent on to the public one by the client. */
export const START_URL = '/main/friends';
/** The client route that opens the composer with what was shared (web/src/features/share). */
export const SHARE_PATH = '/main/share';

/** The default theme's colours (pleroma-dark, web/src/app/global.css). */
export const DEFAULT_THEME_COLOR = '#1d2b39';
export const DEFAULT_BACKGROUND_COLOR = '#0f1923';

export interface AppIcon {
  file: string;
  size: number;
  maskable: boolean;
}

/** The sizes phones (192, 512, maskable) and desktops (256, 384) ask for. */
export const APP_ICONS: readonly AppIcon[] = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-256.png', size: 256, maskable: false },
  { file: 'icon-384.png', size: 384, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-192.png', size: 192, maskable: true },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
];

export interface ManifestOptions {
  name: string;
  shortName?: string;
  themeColor?: string;
  backgroundColor?: string;
}

/** A home screen label stays short: the first word of a long name, at most 12 characters. */
export function shortNameOf(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= 12) return trimmed;
  const first = trimmed.split(/\s+/)[0] ?? trimmed;
  return first.length <= 12 ? first : `${first.slice(0, 11)}…`;
}

/** The parts of the manifest that carry the instance's name; an empty name is the app's. */
export function manifestNames(
  instanceName: string,
  shortName?: string,
): { name: string; short_name: string; description: string } {
  const name = instanceName.trim() || 'Starling';
  return {
    name,
    short_name: shortName?.trim() || shortNameOf(name),
    description: `${name}: a Pleroma-compatible social web client`,
  };
}

export function appManifest(options: ManifestOptions): Record<string, unknown> {
  return {
    id: '/',
    ...manifestNames(options.name, options.shortName),
    start_url: START_URL,
    scope: '/',
    display: 'standalone',
    theme_color: options.themeColor ?? DEFAULT_THEME_COLOR,
    background_color: options.backgroundColor ?? DEFAULT_BACKGROUND_COLOR,
    icons: APP_ICONS.map((icon) => ({
      src: `${ICON_DIR}/${icon.file}`,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.maskable ? 'maskable' : 'any',
    })),
    share_target: {
      action: SHARE_PATH,
      method: 'GET',
      enctype: 'application/x-www-form-urlencoded',
      params: { title: 'title', text: 'text', url: 'url' },
    },
  };
}

/** The starling on its disc (web/public/favicon.svg), drawn on a 64-unit square. */
const DISC = '<circle cx="32" cy="32" r="30" fill="#1b2735"/>';
const BIRD =
  '<path d="M14 38c8-14 22-20 36-16-6 2-10 6-12 12 6-2 10-1 12 2-10 0-20 4-28 10 0-3-2-6-8-8z" fill="#f5b942"/>';

/**
 * The icon's picture. A maskable icon fills its whole square (the launcher cuts its own shape)
 * and keeps the bird inside the middle 80% circle that every mask leaves visible.
 */
export function iconSvg(maskable: boolean): string {
  const body = maskable
    ? `<rect width="64" height="64" fill="#1b2735"/><g transform="translate(32 32) scale(0.72) translate(-32 -32)">${BIRD}</g>`
    : `${DISC}${BIRD}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${body}</svg>`;
}

export function drawIcon(icon: Pick<AppIcon, 'size' | 'maskable'>): Promise<Buffer> {
  return sharp(Buffer.from(iconSvg(icon.maskable)), { density: (72 * icon.size) / 64 })
    .resize(icon.size, icon.size)
    .png()
    .toBuffer();
}
