import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MediaType } from '../db/media.ts';
import { decodeImage, imageSize, makeThumbnail, type Size } from './images.ts';
import { mediaTypeOf, storedExtension, uploadMime } from './mime.ts';

/** Uploads live in <dataDir>/media/uploads/, under random names nobody can guess. */
export const UPLOADS_FOLDER = 'uploads';
const NAME_BYTES = 16;

export interface Upload {
  bytes: Buffer;
  fileName?: string;
  declaredMime?: string;
}

export interface StoredUpload {
  /** Relative to <dataDir>/media. */
  filePath: string;
  previewPath: string | null;
  mimeType: string;
  type: MediaType;
  meta: Record<string, unknown>;
}

function sizeMeta(size: Size) {
  return {
    width: size.width,
    height: size.height,
    size: `${size.width}x${size.height}`,
    aspect: size.width / size.height,
  };
}

/**
 * Writes the file (and, for a decodable PNG or JPEG, a thumbnail beside it). Images get
 * meta.original and meta.small; an image that cannot be decoded is kept without a thumbnail.
 */
export function storeUpload(mediaDir: string, upload: Upload): StoredUpload {
  const mimeType = uploadMime(upload.bytes, upload.declaredMime, upload.fileName);
  const type = mediaTypeOf(mimeType);
  const name = randomBytes(NAME_BYTES).toString('hex');
  const filePath = `${UPLOADS_FOLDER}/${name}.${storedExtension(mimeType, upload.fileName)}`;
  const meta: Record<string, unknown> = {};
  let thumbnail: { path: string; bytes: Buffer } | null = null;
  if (type === 'image') {
    const size = imageSize(upload.bytes, mimeType);
    if (size) meta.original = sizeMeta(size);
    const image = decodeImage(upload.bytes, mimeType);
    if (image) {
      const small = makeThumbnail(image, mimeType);
      meta.original = sizeMeta(image);
      meta.small = sizeMeta(small);
      thumbnail = {
        path: `${UPLOADS_FOLDER}/${name}-small.${small.extension}`,
        bytes: small.bytes,
      };
    }
  }
  mkdirSync(join(mediaDir, UPLOADS_FOLDER), { recursive: true });
  writeFileSync(join(mediaDir, filePath), upload.bytes);
  if (thumbnail) writeFileSync(join(mediaDir, thumbnail.path), thumbnail.bytes);
  return { filePath, previewPath: thumbnail?.path ?? null, mimeType, type, meta };
}

/** Removes stored files again (when recording the upload failed). */
export function removeStored(mediaDir: string, stored: StoredUpload): void {
  for (const path of [stored.filePath, stored.previewPath])
    if (path) rmSync(join(mediaDir, path), { force: true });
}
