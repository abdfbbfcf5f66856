import { availableParallelism } from 'node:os';
import { encode as encodeBlurhash } from 'blurhash';
import sharp, { type Metadata } from 'sharp';
import { jobLimit } from './job-limit.ts';

/**
 * Image sizes, thumbnails and blurhashes for uploads, with sharp (libvips). Every decode runs on
 * libvips' own threads, so a large upload never stalls the event loop.
 */

/** Thumbnails fit in this square, keeping the aspect ratio. */
export const THUMBNAIL_MAX_SIDE = 400;
/** Images with more pixels than this are refused (a decoded 40 MP image takes 160 MB). */
export const MAX_IMAGE_PIXELS = 40_000_000;
const THUMBNAIL_JPEG_QUALITY = 82;
/** The blurhash is computed from an image this small, with this many components per axis. */
const BLURHASH_SOURCE_SIDE = 32;
const BLURHASH_COMPONENTS = { x: 4, y: 3 };

// Uploads are seen once: caching decoded images would only hold memory.
sharp.cache(false);
/** One core stays free for answering requests while images are decoded. */
const imageJob = jobLimit(Math.max(1, availableParallelism() - 1));

export interface Size {
  width: number;
  height: number;
}

export interface Thumbnail extends Size {
  bytes: Buffer;
  extension: 'png' | 'jpg';
}

export interface ProcessedImage {
  /** As displayed: EXIF orientation applied. Null when even the header is unreadable. */
  size: Size | null;
  /**
   * The original to store instead of the uploaded bytes: the same picture without its metadata
   * (camera, time, GPS position), orientation applied. Null: store the upload as it is.
   */
  original: Buffer | null;
  /** Null when the image cannot be decoded (corrupt or unsupported); the file is still kept. */
  thumbnail: Thumbnail | null;
  blurhash: string | null;
}

export class ImageTooLargeError extends Error {
  constructor(readonly size: Size) {
    super(`image of ${size.width}x${size.height} exceeds ${MAX_IMAGE_PIXELS} pixels`);
  }
}

/**
 * The formats uploads are decoded from (AVIF is reported as heif). Others, SVG above all, are
 * stored as they are: their bytes never reach a decoder.
 */
const DECODED_FORMATS = new Set(['png', 'jpeg', 'gif', 'webp', 'heif']);

/** The header of a PNG, JPEG, GIF, WebP or AVIF; null if unreadable or another format. */
async function headerOf(bytes: Buffer): Promise<Metadata | null> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    return DECODED_FORMATS.has(meta.format) ? meta : null;
  } catch {
    return null;
  }
}

function displayedSize(meta: Metadata): Size | null {
  const { width, height } = meta.autoOrient ?? meta;
  return width && height ? { width, height } : null;
}

/**
 * Width and height as displayed (EXIF orientation applied), read from the header of a PNG, JPEG,
 * GIF, WebP or AVIF; null if unreadable or another format.
 */
export async function imageSize(bytes: Buffer): Promise<Size | null> {
  const meta = await headerOf(bytes);
  return meta ? displayedSize(meta) : null;
}

/** Re-encoded originals stay close to the upload: a photo's detail survives quality 92. */
const ORIGINAL_QUALITY = 92;

/**
 * The original re-encoded without its metadata when it carries any (EXIF, XMP, IPTC: a phone
 * photo's GPS position above all), as Mastodon does; the colour profile is kept and the EXIF
 * orientation applied, since the tag saying it goes with the rest. AVIF/HEIF is left as it is
 * (encoding it is slow), and GIF has no such metadata.
 */
async function withoutMetadata(bytes: Buffer, meta: Metadata): Promise<Buffer | null> {
  if (!meta.exif && !meta.xmp && !meta.iptc) return null;
  const animated = (meta.pages ?? 1) > 1;
  const pipeline = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated })
    .autoOrient()
    .keepIccProfile();
  switch (meta.format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: ORIGINAL_QUALITY }).toBuffer();
    case 'png':
      return pipeline.png().toBuffer();
    case 'webp':
      return pipeline.webp({ quality: ORIGINAL_QUALITY }).toBuffer();
    default:
      return null;
  }
}

/** The size that fits in max x max keeping the aspect ratio (never larger than the original). */
export function fitWithin(size: Size, max: number): Size {
  const scale = Math.min(1, max / Math.max(size.width, size.height));
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/** A thumbnail of at most THUMBNAIL_MAX_SIDE px: JPEG for JPEG sources, PNG (keeps alpha) else. */
async function makeThumbnail(bytes: Buffer, size: Size, mime: string): Promise<Thumbnail> {
  const target = fitWithin(size, THUMBNAIL_MAX_SIDE);
  const pipeline = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, autoOrient: true }).resize(
    target.width,
    target.height,
    { fit: 'fill' },
  );
  const jpeg = mime === 'image/jpeg';
  const encoded = jpeg
    ? pipeline.jpeg({ quality: THUMBNAIL_JPEG_QUALITY, mozjpeg: true })
    : pipeline.png({ compressionLevel: 9 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, bytes: data, extension: jpeg ? 'jpg' : 'png' };
}

/** The blurhash of an (already small) image. */
async function blurhashOf(bytes: Buffer): Promise<string> {
  const { data, info } = await sharp(bytes)
    .resize(BLURHASH_SOURCE_SIDE, BLURHASH_SOURCE_SIDE, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return encodeBlurhash(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
    BLURHASH_COMPONENTS.x,
    BLURHASH_COMPONENTS.y,
  );
}

/**
 * Reads an uploaded image: its displayed size, a thumbnail and a blurhash. Throws
 * ImageTooLargeError beyond MAX_IMAGE_PIXELS (checked from the header, before decoding).
 */
export function processImage(bytes: Buffer, mime: string): Promise<ProcessedImage> {
  return imageJob(() => readImage(bytes, mime));
}

async function readImage(bytes: Buffer, mime: string): Promise<ProcessedImage> {
  const meta = await headerOf(bytes);
  const size = meta && displayedSize(meta);
  if (!meta || !size) return { size: null, original: null, thumbnail: null, blurhash: null };
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw new ImageTooLargeError(size);
  // A file the decoder cannot read is kept as it is, like its thumbnail is left out.
  const original = await withoutMetadata(bytes, meta).catch(() => null);
  try {
    const thumbnail = await makeThumbnail(bytes, size, mime);
    return { size, original, thumbnail, blurhash: await blurhashOf(thumbnail.bytes) };
  } catch {
    return { size, original, thumbnail: null, blurhash: null };
  }
}
