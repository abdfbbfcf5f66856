import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaType } from '../db/media.ts';
import { processImage, type Size } from './images.ts';
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
  blurhash: string | null;
}

function sizeMeta(size: Size) {
  return {
    width: size.width,
    height: size.height,
    size: `${size.width}x${size.height}`,
    aspect: size.width / size.height,
  };
}

/** An upload typed as an image (by its bytes or as declared) that the decoder cannot read. */
export class NotAnImageError extends Error {
  constructor(readonly mimeType: string) {
    super(`it claims to be ${mimeType} but cannot be decoded`);
  }
}

/** Never decoded (a download when opened directly): kept as it is, see images.ts. */
const UNDECODED_IMAGE_TYPES = new Set(['image/svg+xml']);

/**
 * Writes the file (and, for a decodable image, a thumbnail beside it). Images get meta.original,
 * meta.small and a blurhash; an image whose header decodes but whose pixels do not is kept without a
 * thumbnail. Throws, before writing anything, ImageTooLargeError for an image over the pixel limit
 * and NotAnImageError for a file typed as an image that sharp cannot read at all (HTML sent as
 * image/png, say).
 */
export async function storeUpload(mediaDir: string, upload: Upload): Promise<StoredUpload> {
  const mimeType = uploadMime(upload.bytes, upload.declaredMime, upload.fileName);
  const type = mediaTypeOf(mimeType);
  const name = randomBytes(NAME_BYTES).toString('hex');
  const filePath = `${UPLOADS_FOLDER}/${name}.${storedExtension(mimeType, upload.fileName)}`;
  const meta: Record<string, unknown> = {};
  let thumbnail: { path: string; bytes: Buffer } | null = null;
  let blurhash: string | null = null;
  let bytes = upload.bytes;
  if (type === 'image') {
    const image = await processImage(upload.bytes, mimeType);
    if (!image.size && !UNDECODED_IMAGE_TYPES.has(mimeType)) throw new NotAnImageError(mimeType);
    if (image.original) bytes = image.original;
    if (image.size) meta.original = sizeMeta(image.size);
    if (image.thumbnail) {
      meta.small = sizeMeta(image.thumbnail);
      thumbnail = {
        path: `${UPLOADS_FOLDER}/${name}-small.${image.thumbnail.extension}`,
        bytes: image.thumbnail.bytes,
      };
    }
    blurhash = image.blurhash;
  }
  const uploads = join(mediaDir, UPLOADS_FOLDER);
  await mkdir(uploads, { recursive: true });
  await writeFile(join(mediaDir, filePath), bytes);
  if (thumbnail) await writeFile(join(mediaDir, thumbnail.path), thumbnail.bytes);
  return { filePath, previewPath: thumbnail?.path ?? null, mimeType, type, meta, blurhash };
}

/** Removes stored files again (when recording the upload failed). */
export function removeStored(mediaDir: string, stored: StoredUpload): void {
  for (const path of [stored.filePath, stored.previewPath])
    if (path) rmSync(join(mediaDir, path), { force: true });
}
