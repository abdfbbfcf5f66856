import {
  ApiError,
  expectEntity,
  parseBody,
  responseErrorMessage,
  type ApiClient,
} from './client.ts';
import { parseAttachment } from './schemas/attachment.ts';
import type { Attachment } from './types.ts';

/** Media uploads and descriptions (spec part 2, §7). */
const MEDIA_PATH = '/api/v1/media';

export interface UploadOptions {
  /** Sent as the file's name when the blob has none of its own (a pasted image). */
  fileName?: string;
  /** Fraction of the file sent so far, 0 to 1. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
}

const HTTP_UNAUTHORIZED = 401;

const abortError = () => new DOMException('The upload was aborted', 'AbortError');

/**
 * Uploads one file as multipart field `file`. XMLHttpRequest rather than fetch, because only it
 * reports upload progress; failures are the same ApiError the fetch client throws, and an abort
 * rejects with an AbortError as fetch does.
 */
export function uploadMedia(
  client: ApiClient,
  file: Blob,
  options: UploadOptions = {},
): Promise<Attachment> {
  const { fileName, onProgress, signal } = options;
  return new Promise<Attachment>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const form = new FormData();
    // A File carries its name in every FormData implementation; the 3-argument append does not.
    form.append(
      'file',
      fileName === undefined ? file : new File([file], fileName, { type: file.type }),
    );

    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);

    xhr.open('POST', client.url(MEDIA_PATH));
    xhr.setRequestHeader('Accept', 'application/json');
    const authorization = client.authorize();
    for (const [name, value] of Object.entries(authorization.headers)) {
      xhr.setRequestHeader(name, value);
    }
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      });
    }
    xhr.addEventListener('load', () => {
      settle();
      const data = parseBody(xhr.responseText);
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (!ok) {
        if (xhr.status === HTTP_UNAUTHORIZED) authorization.unauthorized();
        reject(
          new ApiError(
            responseErrorMessage(data, xhr.status, xhr.statusText),
            xhr.status,
            data,
            'http',
          ),
        );
        return;
      }
      const attachment = parseAttachment(data);
      if (attachment === null) {
        reject(new ApiError('Unreadable Attachment from server', xhr.status, data, 'invalid'));
        return;
      }
      onProgress?.(1);
      resolve(attachment);
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new ApiError('Network error', 0, null, 'network'));
    });
    xhr.addEventListener('timeout', () => {
      settle();
      reject(new ApiError('Network error', 0, null, 'network'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });
    signal?.addEventListener('abort', onAbort);
    xhr.send(form);
  });
}

/** Saves an attachment's description (alt text); the composer sends only non-blank ones. */
export async function updateMediaDescription(
  client: ApiClient,
  id: string,
  description: string,
): Promise<Attachment> {
  const response = await client.put(`${MEDIA_PATH}/${encodeURIComponent(id)}`, {
    body: { description },
  });
  return expectEntity(parseAttachment(response.data), 'Attachment', response);
}
