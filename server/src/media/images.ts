import * as jpeg from 'jpeg-js';
import pngjs from 'pngjs';

/** Image sizes, decoding and thumbnails for uploads (PNG and JPEG; pure JavaScript). */

/** Thumbnails fit in this square, keeping the aspect ratio. */
export const THUMBNAIL_MAX_SIDE = 400;
/** Larger images are not decoded (their size is still read from the header). */
export const MAX_DECODE_MEGAPIXELS = 40;
const JPEG_MEMORY_LIMIT_MB = 512;
const THUMBNAIL_JPEG_QUALITY = 82;

export interface Size {
  width: number;
  height: number;
}

export interface Raster extends Size {
  /** RGBA, row by row. */
  data: Uint8Array;
}

/** Width and height from the file header, without decoding; null when unreadable. */
export function imageSize(bytes: Uint8Array, mime: string): Size | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (mime === 'image/png' && bytes.length >= 24)
      return positive(view.getUint32(16), view.getUint32(20));
    if (mime === 'image/gif' && bytes.length >= 10)
      return positive(view.getUint16(6, true), view.getUint16(8, true));
    if (mime === 'image/jpeg') return jpegSize(bytes, view);
  } catch {
    return null;
  }
  return null;
}

function positive(width: number, height: number): Size | null {
  return width > 0 && height > 0 ? { width, height } : null;
}

/** Walks the JPEG markers to the first start-of-frame. */
function jpegSize(bytes: Uint8Array, view: DataView): Size | null {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    const length = view.getUint16(i + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return positive(view.getUint16(i + 7), view.getUint16(i + 5));
    i += 2 + length;
  }
  return null;
}

/** Decodes a PNG or JPEG to RGBA; null when it cannot (corrupt, too large, other format). */
export function decodeImage(bytes: Uint8Array, mime: string): Raster | null {
  const size = imageSize(bytes, mime);
  if (!size || size.width * size.height > MAX_DECODE_MEGAPIXELS * 1_000_000) return null;
  try {
    if (mime === 'image/png') {
      const png = pngjs.PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
      return { width: png.width, height: png.height, data: png.data };
    }
    if (mime === 'image/jpeg') {
      const image = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: MAX_DECODE_MEGAPIXELS,
        maxMemoryUsageInMB: JPEG_MEMORY_LIMIT_MB,
      });
      return { width: image.width, height: image.height, data: image.data };
    }
  } catch {
    return null;
  }
  return null;
}

/** The size that fits in max x max keeping the aspect ratio (never larger than the original). */
export function fitWithin(size: Size, max: number): Size {
  const scale = Math.min(1, max / Math.max(size.width, size.height));
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/** Box-filter downscale: each target pixel is the mean of the source pixels it covers. */
export function downscale(source: Raster, target: Size): Raster {
  const { width: sw, height: sh, data } = source;
  const { width: tw, height: th } = target;
  const out = new Uint8Array(tw * th * 4);
  for (let ty = 0; ty < th; ty++) {
    const y0 = Math.floor((ty * sh) / th);
    const y1 = Math.max(y0 + 1, Math.floor(((ty + 1) * sh) / th));
    for (let tx = 0; tx < tw; tx++) {
      const x0 = Math.floor((tx * sw) / tw);
      const x1 = Math.max(x0 + 1, Math.floor(((tx + 1) * sw) / tw));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let y = y0; y < y1; y++) {
        let p = (y * sw + x0) * 4;
        for (let x = x0; x < x1; x++, p += 4) {
          r += data[p]!;
          g += data[p + 1]!;
          b += data[p + 2]!;
          a += data[p + 3]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const q = (ty * tw + tx) * 4;
      out[q] = Math.round(r / n);
      out[q + 1] = Math.round(g / n);
      out[q + 2] = Math.round(b / n);
      out[q + 3] = Math.round(a / n);
    }
  }
  return { width: tw, height: th, data: out };
}

export interface Thumbnail extends Size {
  bytes: Buffer;
  extension: 'png' | 'jpg';
}

/** A thumbnail of at most THUMBNAIL_MAX_SIDE px: JPEG for JPEG sources, PNG (keeps alpha) else. */
export function makeThumbnail(image: Raster, mime: string): Thumbnail {
  const small = downscale(image, fitWithin(image, THUMBNAIL_MAX_SIDE));
  if (mime === 'image/jpeg') {
    const encoded = jpeg.encode(small, THUMBNAIL_JPEG_QUALITY);
    return { width: small.width, height: small.height, bytes: encoded.data, extension: 'jpg' };
  }
  const png = new pngjs.PNG({ width: small.width, height: small.height });
  png.data = Buffer.from(small.data.buffer, small.data.byteOffset, small.data.length);
  return {
    width: small.width,
    height: small.height,
    bytes: pngjs.PNG.sync.write(png),
    extension: 'png',
  };
}
