import type { MediaType } from '../db/media.ts';

/**
 * What an uploaded file is: its mime type (the bytes win for the image formats we can recognise,
 * then the type the client declared, then the file name), the attachment type that follows from
 * it, and the extension it is stored under.
 */

const MIME_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/flac': 'flac',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/mp4': 'm4a',
  'text/plain': 'txt',
  'text/html': 'html',
  'application/pdf': 'pdf',
  'application/x-shockwave-flash': 'swf',
};

const EXTENSION_MIMES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(MIME_EXTENSIONS).map(([mime, ext]) => [ext, mime])),
  jpeg: 'image/jpeg',
  htm: 'text/html',
  m4v: 'video/mp4',
  oga: 'audio/ogg',
  wav: 'audio/wav',
};

export const GENERIC_MIME = 'application/octet-stream';
const MIME_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,127}$/;
const SAFE_EXTENSION = /^[a-z0-9]{1,8}$/;

/** Recognises the image formats by their first bytes. */
export function sniffImageMime(head: Uint8Array): string | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  // An ISO media file whose major brand is AVIF (still image or sequence).
  if (head.length >= 12 && ascii(4, 8) === 'ftyp' && /^avi[fs]$/.test(ascii(8, 12)))
    return 'image/avif';
  return null;
}

function extensionOf(fileName: string | undefined): string | null {
  if (!fileName) return null;
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = fileName.slice(dot + 1).toLowerCase();
  return SAFE_EXTENSION.test(ext) ? ext : null;
}

export function uploadMime(
  bytes: Uint8Array,
  declared: string | undefined,
  fileName: string | undefined,
): string {
  const sniffed = sniffImageMime(bytes.subarray(0, 16));
  if (sniffed) return sniffed;
  const given = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  if (given && given !== GENERIC_MIME && MIME_PATTERN.test(given)) return given;
  const ext = extensionOf(fileName);
  return (ext && EXTENSION_MIMES[ext]) ?? GENERIC_MIME;
}

/** image, video, audio or unknown, from the mime type's major part. */
export function mediaTypeOf(mime: string): MediaType {
  const major = mime.split('/')[0];
  return major === 'image' || major === 'video' || major === 'audio' ? major : 'unknown';
}

/** The stored file's extension: the mime type's own, else the original name's if plain, else bin. */
export function storedExtension(mime: string, fileName: string | undefined): string {
  return MIME_EXTENSIONS[mime] ?? extensionOf(fileName) ?? 'bin';
}
