/**
 * How files under /media/ (uploads included) are served. Only types a browser shows as media or
 * plain text are served inline; SVG and everything else (HTML, scripts, unknown files) is served
 * as a download. Every answer is sandboxed and must not be sniffed, so an uploaded file can never
 * run script in the instance's origin.
 */

const INLINE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/opus',
  flac: 'audio/flac',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  txt: 'text/plain; charset=utf-8',
};

/** Shown by <img>, but opened directly it could run script: a download, sandboxed. */
const DOWNLOAD_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
};

export const MEDIA_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

export function mediaHeaders(extension: string): Record<string, string> {
  const ext = extension.toLowerCase();
  const base = { 'x-content-type-options': 'nosniff', 'content-security-policy': MEDIA_CSP };
  const inline = INLINE_TYPES[ext];
  if (inline) return { ...base, 'content-type': inline };
  return {
    ...base,
    'content-type': DOWNLOAD_TYPES[ext] ?? 'application/octet-stream',
    'content-disposition': 'attachment',
  };
}
