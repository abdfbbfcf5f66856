import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { getMedia, insertMedia, updateMedia, type MediaRow } from '../db/media.ts';
import { requireUser } from '../auth/request.ts';
import { notFound, unprocessable } from '../errors.ts';
import { forEachPart, multipartError } from '../request-bodies.ts';
import { ImageTooLargeError, MAX_IMAGE_PIXELS } from '../media/images.ts';
import {
  NotAnImageError,
  removeStored,
  storeUpload,
  type StoredUpload,
  type Upload,
} from '../media/store.ts';
import { RenderContext } from '../views/context.ts';
import { renderAttachment } from '../views/media.ts';
import { DESCRIPTION_LIMIT, UPLOAD_LIMIT } from './constants.ts';
import { paramsOf, str, type Params } from './params.ts';

type IdParams = { Params: { id: string } };

const WRITE_MEDIA = ['write:media'];

export const FILE_TOO_LARGE = 'File is too large';
export const MISSING_FILE = 'Missing field: file.';
export const EMPTY_FILE = 'File is empty';
export const DESCRIPTION_TOO_LONG = `Description is too long (at most ${DESCRIPTION_LIMIT} characters)`;
export const INVALID_FOCUS = 'Invalid focus: expected "x,y" with both between -1.0 and 1.0';
export const TOO_MANY_PARTS = 'Too many parts in the upload';
export const IMAGE_TOO_LARGE = `Image is too large (at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels)`;

/** Busboy limits for one upload request: one file of at most UPLOAD_LIMIT and a few fields. */
const MULTIPART_LIMITS = {
  fileSize: UPLOAD_LIMIT,
  files: 4,
  fields: 16,
  parts: 24,
  fieldSize: 16 * 1024,
};

interface UploadForm {
  file: Upload | null;
  fields: Params;
}

/** Reads a multipart body: the `file` part into memory (within the limit) and every text field. */
async function readMultipart(request: FastifyRequest): Promise<UploadForm> {
  const form: UploadForm = { file: null, fields: {} };
  try {
    await forEachPart(request, MULTIPART_LIMITS, async (part) => {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' && !form.file)
          form.file = { bytes, fileName: part.filename, declaredMime: part.mimetype };
      } else {
        if (part.valueTruncated && part.fieldname === 'description')
          throw unprocessable(DESCRIPTION_TOO_LONG);
        form.fields[part.fieldname] = part.value;
      }
    });
  } catch (error) {
    throw multipartError(error, { tooManyParts: TOO_MANY_PARTS, fileTooLarge: FILE_TOO_LARGE });
  }
  return form;
}

/**
 * Stores the upload; an image over the pixel limit, or one that does not decode, is a 422 and
 * leaves nothing behind.
 */
async function storeUploadOrRefuse(mediaDir: string, file: Upload): Promise<StoredUpload> {
  try {
    return await storeUpload(mediaDir, file);
  } catch (error) {
    if (error instanceof ImageTooLargeError) throw unprocessable(IMAGE_TOO_LARGE);
    if (error instanceof NotAnImageError)
      throw unprocessable(`The file is not an image: ${error.message}`);
    throw error;
  }
}

async function formOf(request: FastifyRequest): Promise<UploadForm> {
  return request.isMultipart() ? readMultipart(request) : { file: null, fields: paramsOf(request) };
}

/** undefined when not given; an empty description clears it. */
function descriptionOf(fields: Params): string | null | undefined {
  const value = fields.description;
  if (value === undefined || value === null) return undefined;
  const text = str(value);
  if (text === undefined) throw unprocessable('Invalid description');
  if ([...text].length > DESCRIPTION_LIMIT) throw unprocessable(DESCRIPTION_TOO_LONG);
  return text === '' ? null : text;
}

/** Mastodon's focus: "x,y" (or {x, y}), each coordinate in -1..1. */
function focusOf(fields: Params): { x: number; y: number } | undefined {
  const value = fields.focus;
  if (value === undefined || value === null || value === '') return undefined;
  let parts: unknown[];
  if (typeof value === 'object' && !Array.isArray(value)) {
    parts = [(value as Params).x, (value as Params).y];
  } else {
    parts = (str(value) ?? '').split(',');
  }
  const numbers = parts.map((p) => (typeof p === 'number' ? p : Number(str(p)?.trim() || NaN)));
  if (numbers.length !== 2 || numbers.some((n) => !Number.isFinite(n) || n < -1 || n > 1))
    throw unprocessable(INVALID_FOCUS);
  return { x: numbers[0]!, y: numbers[1]! };
}

export async function mediaRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;
  const mediaDir = join(ctx.dataDir, 'media');

  const render = (viewerId: string, row: MediaRow) =>
    renderAttachment(new RenderContext(ctx, viewerId), row);

  const ownMedia = (request: FastifyRequest<IdParams>, viewerId: string): MediaRow => {
    const row = getMedia(db, request.params.id);
    if (!row || row.account_id !== viewerId) throw notFound();
    return row;
  };

  const upload = async (request: FastifyRequest) => {
    const viewer = requireUser(ctx, request, WRITE_MEDIA);
    const form = await formOf(request);
    if (!form.file) throw unprocessable(MISSING_FILE);
    if (form.file.bytes.length === 0) throw unprocessable(EMPTY_FILE);
    const description = descriptionOf(form.fields);
    const focus = focusOf(form.fields);
    const stored = await storeUploadOrRefuse(mediaDir, form.file);
    try {
      const id = insertMedia(db, {
        accountId: viewer.accountId,
        type: stored.type,
        filePath: stored.filePath,
        previewPath: stored.previewPath,
        mimeType: stored.mimeType,
        description: description ?? null,
        meta: focus ? { ...stored.meta, focus } : stored.meta,
        blurhash: stored.blurhash,
      });
      return render(viewer.accountId, getMedia(db, id)!);
    } catch (error) {
      removeStored(mediaDir, stored);
      throw error;
    }
  };

  // Uploads stream their parts with their own limits instead of the app-wide form reading.
  const ownMultipart = { config: { readsOwnMultipart: true } };
  await app.register(async (scope) => {
    scope.post('/api/v1/media', ownMultipart, upload);
    // Processing is synchronous here, so v2 answers 200 with the finished attachment.
    scope.post('/api/v2/media', ownMultipart, upload);

    scope.get<IdParams>('/api/v1/media/:id', async (request) => {
      const viewer = requireUser(ctx, request, WRITE_MEDIA);
      return render(viewer.accountId, ownMedia(request, viewer.accountId));
    });

    scope.put<IdParams>('/api/v1/media/:id', ownMultipart, async (request) => {
      const viewer = requireUser(ctx, request, WRITE_MEDIA);
      const row = ownMedia(request, viewer.accountId);
      const { fields } = await formOf(request);
      const description = descriptionOf(fields);
      const focus = focusOf(fields);
      return render(viewer.accountId, updateMedia(db, row.id, { description, focus }));
    });
  });
}
