import formbody from '@fastify/formbody';
import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, badRequest } from './errors.ts';
import { jsonTextNestsDeeperThan } from './json-depth.ts';
import type { Upload } from './media/store.ts';
import { watchMultipart } from './multipart-watch.ts';
import { BACKGROUND_UPLOAD_LIMIT, BANNER_UPLOAD_LIMIT, UPLOAD_LIMIT } from './routes/constants.ts';

/**
 * Where every request body is parsed. Form endpoints take url-encoded, JSON and multipart bodies
 * alike, as Pleroma does (Pleroma-FE registers its app and asks for its token with multipart).
 * Multipart is read as a stream with busboy's limits, before the handler runs, so an oversized
 * form is refused as soon as it crosses a limit; the media upload routes read their own stream.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads its multipart stream itself (with request.parts()). */
    readsOwnMultipart?: boolean;
  }
}

/** A file part of a multipart body; route code sees it beside the text fields. */
export class UploadedFile implements Upload {
  constructor(
    readonly bytes: Buffer,
    readonly fileName: string | undefined,
    readonly declaredMime: string | undefined,
  ) {}
}

export const INVALID_MULTIPART = 'Invalid multipart body';
export const TOO_MANY_PARTS = 'Too many parts in the form';
export const FORM_FILE_TOO_LARGE = 'A file in the form is too large';
export const FORM_FIELD_TOO_LARGE = 'A field in the form is too large';
export const BODY_TOO_LARGE = 'Request body is too large';
export const JSON_TOO_DEEP = 'Invalid JSON body: nested too deeply';

/** Room for the form fields beside the largest file. */
export const MULTIPART_BODY_LIMIT = UPLOAD_LIMIT + 1024 * 1024;
/** Objects and arrays inside one another in a JSON body; no API body comes near it. */
export const JSON_MAX_DEPTH = 128;

/** Busboy's limits for an ordinary form (sign-in, app registration, profile update...). */
export const FORM_LIMITS = {
  parts: 200,
  fields: 200,
  /** The profile's avatar, header and background, and an import list. */
  files: 4,
  /** A settings store entry (256 KB of JSON) fits. */
  fieldSize: 512 * 1024,
  fieldNameSize: 200,
  fileSize: Math.max(BANNER_UPLOAD_LIMIT, BACKGROUND_UPLOAD_LIMIT),
  headerPairs: 20,
};

/**
 * The multipart plugin's and busboy's errors, as this API answers them; a route reading its own
 * stream names its limits in its own words.
 */
export function multipartError(
  error: unknown,
  messages = { tooManyParts: TOO_MANY_PARTS, fileTooLarge: FORM_FILE_TOO_LARGE },
): ApiError {
  if (error instanceof ApiError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_FILES_LIMIT':
      return new ApiError(413, messages.tooManyParts);
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError(413, messages.fileTooLarge);
    default:
      return badRequest(INVALID_MULTIPART);
  }
}

export interface PartLimits {
  parts: number;
  fields: number;
  files: number;
  fieldSize: number;
  fileSize: number;
  headerPairs?: number;
  fieldNameSize?: number;
}

/**
 * Hands each part of a multipart body to `onPart`, within busboy's limits. Too many parts or
 * bytes stop the body as it arrives (413); any other failure throws too, and what is left of the
 * body is thrown away unread.
 */
export async function forEachPart(
  request: FastifyRequest,
  limits: PartLimits,
  onPart: (part: Multipart) => Promise<void>,
): Promise<void> {
  if (Number(request.headers['content-length']) > MULTIPART_BODY_LIMIT)
    throw new ApiError(413, BODY_TOO_LARGE);
  const parts = request.parts({ limits });
  // The first step pipes the body into the parser; watching begins in the same tick.
  const first = parts.next();
  const watch = watchMultipart(request.raw, {
    maxParts: limits.parts,
    maxBytes: MULTIPART_BODY_LIMIT,
  });
  const reading = (async () => {
    for (let step = await first; !step.done; step = await parts.next()) await onPart(step.value);
    return null;
  })();
  try {
    const overrun = await Promise.race([reading, watch.overrun]);
    if (overrun === 'parts') throw new ApiError(413, TOO_MANY_PARTS);
    if (overrun === 'bytes') throw new ApiError(413, BODY_TOO_LARGE);
  } catch (error) {
    request.raw.unpipe();
    request.raw.resume();
    throw error;
  } finally {
    watch.stop();
  }
}

/** Reads every part of a multipart form: text fields as strings, files as UploadedFile. */
async function readForm(request: FastifyRequest): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  try {
    await forEachPart(request, FORM_LIMITS, async (part) => {
      let value: unknown;
      if (part.type === 'file') {
        value = new UploadedFile(
          await part.toBuffer(),
          part.filename || undefined,
          part.mimetype || undefined,
        );
      } else {
        if (part.valueTruncated || part.fieldnameTruncated)
          throw new ApiError(413, FORM_FIELD_TOO_LARGE);
        value = part.value;
      }
      const existing = fields[part.fieldname];
      if (existing === undefined) fields[part.fieldname] = value;
      else if (Array.isArray(existing)) existing.push(value);
      else fields[part.fieldname] = [existing, value];
    });
  } catch (error) {
    throw multipartError(error);
  }
  return fields;
}

export async function registerRequestBodies(app: FastifyInstance): Promise<void> {
  await app.register(formbody);

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    // Checked before parsing: whatever walks a parsed body recursively could overflow the stack.
    if (jsonTextNestsDeeperThan(text, JSON_MAX_DEPTH))
      return done(badRequest(JSON_TOO_DEEP), undefined);
    parseJson(request, text, done);
  });

  await app.register(multipart, { limits: FORM_LIMITS, throwFileSizeLimit: true });
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart() || request.routeOptions.config.readsOwnMultipart) return;
    request.body = await readForm(request);
  });
}
