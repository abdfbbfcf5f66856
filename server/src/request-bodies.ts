import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { ApiError, badRequest } from './errors.ts';
import type { Upload } from './media/store.ts';
import { UPLOAD_LIMIT } from './routes/constants.ts';

/**
 * Where every request body is parsed. Form endpoints take url-encoded, JSON and multipart bodies
 * alike, as Pleroma does (Pleroma-FE registers its app and asks for its token with multipart).
 * JSON is Fastify's own parser; the media upload routes read their multipart stream themselves.
 */

/** A file part of a multipart body; route code sees it beside the text fields. */
export class UploadedFile implements Upload {
  constructor(
    readonly bytes: Buffer,
    readonly fileName: string | undefined,
    readonly declaredMime: string | undefined,
  ) {}
}

export const INVALID_MULTIPART = 'Invalid multipart body';
/** Room for the form fields beside the largest file. */
const MULTIPART_BODY_LIMIT = UPLOAD_LIMIT + 1024 * 1024;
const MAX_PARTS = 200;

/** Parses multipart/form-data with the platform's own parser (undici's FormData). */
export async function parseMultipart(
  contentType: string,
  body: Buffer,
): Promise<Record<string, unknown>> {
  let form: FormData;
  try {
    form = await new Response(Uint8Array.from(body), {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    throw badRequest(INVALID_MULTIPART);
  }
  const fields: Record<string, unknown> = {};
  let parts = 0;
  for (const [name, value] of form.entries()) {
    if (++parts > MAX_PARTS) throw new ApiError(413, 'Too many parts in the form');
    const parsed =
      typeof value === 'string'
        ? value
        : new UploadedFile(
            Buffer.from(await value.arrayBuffer()),
            value.name || undefined,
            value.type || undefined,
          );
    const existing = fields[name];
    if (existing === undefined) fields[name] = parsed;
    else if (Array.isArray(existing)) existing.push(parsed);
    else fields[name] = [existing, parsed];
  }
  return fields;
}

export async function registerRequestBodies(app: FastifyInstance): Promise<void> {
  await app.register(formbody);
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: MULTIPART_BODY_LIMIT },
    async (request: { headers: Record<string, unknown> }, body: Buffer) =>
      parseMultipart(String(request.headers['content-type'] ?? ''), body),
  );
}
