import type { Attachment, AttachmentKind } from '../types.ts';
import { block, entitySchema, id, nstr, obj, opt, str, unknownValue } from './fields.ts';
import { makeListParser, makeParser } from './parse.ts';

const FLASH_MIME = 'application/x-shockwave-flash';

/** Spec part 2 §3: the kind comes from the mime type; the server's type and the URL are fallbacks. */
export function attachmentKind(mimeType: string | null, type: string, url: string): AttachmentKind {
  const mime = (mimeType ?? '').toLowerCase();
  if (mime) {
    if (mime === FLASH_MIME) return 'flash';
    if (mime === 'text/html') return 'html';
    const major = mime.split('/')[0];
    if (major === 'image' || major === 'video' || major === 'audio') return major;
  }
  if (type === 'image' || type === 'audio' || type === 'video') return type;
  if (type === 'gifv') return 'video';
  return kindFromExtension(url);
}

const EXTENSIONS: Record<string, AttachmentKind> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  avif: 'image',
  svg: 'image',
  mp4: 'video',
  webm: 'video',
  mov: 'video',
  m4v: 'video',
  mp3: 'audio',
  ogg: 'audio',
  oga: 'audio',
  opus: 'audio',
  flac: 'audio',
  wav: 'audio',
  m4a: 'audio',
  swf: 'flash',
  html: 'html',
  htm: 'html',
};

function kindFromExtension(url: string): AttachmentKind {
  const path = url.split(/[?#]/)[0] ?? '';
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return EXTENSIONS[ext] ?? 'unknown';
}

function metaNumber(meta: unknown, ...keys: string[]): number | null {
  let value: unknown = meta;
  for (const key of keys) {
    if (!value || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

const raw = obj('Attachment', {
  id: id(),
  type: str('unknown'),
  url: nstr(),
  preview_url: nstr(),
  remote_url: nstr(),
  text_url: opt(nstr()),
  description: nstr(),
  blurhash: opt(nstr()),
  meta: opt(unknownValue()),
  pleroma: block({ mime_type: nstr() }),
});

export const AttachmentSchema = entitySchema(raw, (r): Attachment => {
  const url = r.url ?? r.remote_url ?? r.preview_url ?? '';
  const focusX = metaNumber(r.meta, 'focus', 'x');
  const focusY = metaNumber(r.meta, 'focus', 'y');
  return {
    id: r.id,
    type: r.type,
    kind: attachmentKind(r.pleroma.mime_type, r.type, url),
    mimeType: r.pleroma.mime_type,
    url,
    previewUrl: r.preview_url,
    remoteUrl: r.remote_url,
    textUrl: r.text_url,
    description: r.description,
    blurhash: r.blurhash,
    width: metaNumber(r.meta, 'original', 'width') ?? metaNumber(r.meta, 'width'),
    height: metaNumber(r.meta, 'original', 'height') ?? metaNumber(r.meta, 'height'),
    duration: metaNumber(r.meta, 'original', 'duration') ?? metaNumber(r.meta, 'duration'),
    focus: focusX !== null && focusY !== null ? { x: focusX, y: focusY } : null,
  };
});

export const parseAttachment = makeParser('Attachment', AttachmentSchema);
export const parseAttachmentList = makeListParser('Attachment', AttachmentSchema);
