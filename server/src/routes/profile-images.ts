import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { getAccount } from '../db/accounts.ts';
import { sql } from '../db/index.ts';
import { requireUser } from '../auth/request.ts';
import { renderAccount } from '../views/account.ts';
import { RenderContext } from '../views/context.ts';
import { ApiError, unprocessable } from '../errors.ts';
import { ImageTooLargeError } from '../media/images.ts';
import { NotAnImageError, removeStored, storeUpload, type StoredUpload } from '../media/store.ts';
import { UploadedFile } from '../request-bodies.ts';
import { AVATAR_UPLOAD_LIMIT, BACKGROUND_UPLOAD_LIMIT, BANNER_UPLOAD_LIMIT } from './constants.ts';
import type { Params } from './params.ts';

const PROFILE_IMAGES = [
  { param: 'avatar', column: 'avatar_path', limit: AVATAR_UPLOAD_LIMIT },
  { param: 'header', column: 'header_path', limit: BANNER_UPLOAD_LIMIT },
  // Pleroma's profile background; '' removes it.
  { param: 'pleroma_background_image', column: 'background_image', limit: BACKGROUND_UPLOAD_LIMIT },
] as const;

export interface ProfileImageChanges {
  /** Column -> new relative media path, or null to go back to the default image. */
  changes: Partial<Record<'avatar_path' | 'header_path' | 'background_image', string | null>>;
  /** Removes the files stored for this request (when the rest of the update is refused). */
  discard(): void;
}

/**
 * The avatar and header of an update_credentials form: a file part is stored through the media
 * store (it must be an image sharp decodes, within the advertised limit); an empty value resets
 * to the default.
 */
export async function storeProfileImages(
  ctx: ServerContext,
  params: Params,
): Promise<ProfileImageChanges> {
  const mediaDir = join(ctx.dataDir, 'media');
  const stored: StoredUpload[] = [];
  const changes: ProfileImageChanges['changes'] = {};
  const discard = () => stored.forEach((upload) => removeStored(mediaDir, upload));
  try {
    for (const { param, column, limit } of PROFILE_IMAGES) {
      const value = params[param];
      if (value === undefined || value === null) continue;
      if (value === '') {
        changes[column] = null;
        continue;
      }
      if (!(value instanceof UploadedFile))
        throw unprocessable(`Invalid ${param}: expected a file`);
      if (value.bytes.length === 0) throw unprocessable(`Invalid ${param}: the file is empty`);
      if (value.bytes.length > limit)
        throw new ApiError(413, `The ${param} is too large (at most ${limit} bytes)`);
      const notAnImage = unprocessable(`Invalid ${param}: not an image (it cannot be decoded)`);
      const upload = await storeUpload(mediaDir, value).catch((error: unknown) => {
        if (error instanceof ImageTooLargeError)
          throw unprocessable(`Invalid ${param}: ${error.message}`);
        if (error instanceof NotAnImageError) throw notAnImage;
        throw error;
      });
      stored.push(upload);
      if (upload.type !== 'image') throw unprocessable(`Invalid ${param}: not an image`);
      // Decoded, so its size is known: an SVG (never decoded) is no profile image.
      if (!upload.meta.original) throw notAnImage;
      changes[column] = upload.filePath;
    }
  } catch (error) {
    discard();
    throw error;
  }
  return { changes, discard };
}

/** Mastodon's DELETE /api/v1/profile/avatar and /header: back to the default image. */
export async function profileImageRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  for (const { param, column } of PROFILE_IMAGES) {
    app.delete(`/api/v1/profile/${param}`, async (request) => {
      const viewer = requireUser(ctx, request, ['write:accounts']);
      sql(ctx.db, `UPDATE accounts SET ${column} = NULL WHERE id = ?`).run(viewer.accountId);
      return renderAccount(
        new RenderContext(ctx, viewer.accountId),
        getAccount(ctx.db, viewer.accountId)!,
      );
    });
  }
}
