import { useEffect, useState } from 'react';
import { preview as previewStatus } from '../../api/statuses.ts';
import type { Status } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { toPostScope } from '../../lib/scopes.ts';
import type { ComposerFields } from './composerFields.ts';
import { errorMessage } from '../../lib/errorMessage.ts';

/** Spec part 2, §9: the preview refreshes after this pause in typing. */
export const PREVIEW_DEBOUNCE_MS = 500;

export type PreviewState =
  | { state: 'loading' }
  | { state: 'ready'; status: Status }
  | { state: 'empty' }
  | { state: 'error'; message: string };

type PreviewRequest = [text: string, spoilerText: string, contentType: string, visibility: string];

/** While on, asks the server how the post will look, after each pause in changes. */
export function usePreview(enabled: boolean, fields: ComposerFields): PreviewState | null {
  const { text, spoilerText, contentType, visibility } = fields;
  const request =
    enabled && text.trim() !== ''
      ? JSON.stringify([text, spoilerText, contentType, visibility] satisfies PreviewRequest)
      : null;
  const [answer, setAnswer] = useState<{ request: string; preview: PreviewState } | null>(null);

  useEffect(() => {
    if (request === null) return;
    const [status, spoiler, format, scope] = JSON.parse(request) as PreviewRequest;
    let current = true;
    const settle = (preview: PreviewState) => current && setAnswer({ request, preview });
    const timer = setTimeout(() => {
      previewStatus(api, {
        status,
        spoilerText: spoiler,
        contentType: format,
        visibility: toPostScope(scope, 'public'),
      }).then(
        (rendered) => settle({ state: 'ready', status: rendered }),
        (error: unknown) =>
          settle({
            state: 'error',
            message: errorMessage(error),
          }),
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [request]);

  if (!enabled) return null;
  if (request === null) return { state: 'empty' };
  if (answer?.request === request) return answer.preview;
  // While the next one loads, the last rendering stays in view.
  return answer?.preview.state === 'ready' ? answer.preview : { state: 'loading' };
}
