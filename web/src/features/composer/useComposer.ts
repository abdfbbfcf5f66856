import { useCallback, useEffect, useRef, useState } from 'react';
import type { Status } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { charactersLeft, isOverLimit } from '../../lib/statusLength.ts';
import {
  discardDraft,
  draftKey,
  loadDraft,
  saveDraft,
  type DraftContext,
} from '../../state/drafts.ts';
import { useEntities } from '../../state/entities.ts';
import { announcePosted } from '../../state/posted.ts';
import { useInstance } from '../../state/instance.ts';
import { showOwnStatus } from '../../state/timelines.ts';
import {
  clearedFields,
  freshFields,
  type ComposerFields,
  type StartingPoint,
} from './composerFields.ts';
import { submitPost, SubmitError, type SubmitProblem } from './submitPost.ts';
import { errorMessage } from '../../lib/errorMessage.ts';

export interface ComposerOptions {
  context: DraftContext;
  start: StartingPoint;
  /** Fields to begin with instead of fresh ones when no draft is saved (an edit's source). */
  initial?: ComposerFields;
  onPosted?(status: Status): void;
}

function fieldsFromDraft(key: string): ComposerFields | null {
  const draft = loadDraft(key);
  if (!draft) return null;
  return {
    text: draft.text,
    spoilerText: draft.spoilerText,
    visibility: draft.visibility,
    contentType: draft.contentType,
    sensitive: draft.sensitive,
    poll: draft.poll,
    attachments: draft.attachments,
    descriptions: draft.descriptions,
  };
}

/**
 * A check of the fields themselves ("can't post an empty status") no longer holds once the user
 * edits them; a server's answer stays until dismissed.
 */
const dropFieldProblem = (current: SubmitProblem | null) =>
  current && 'key' in current ? null : current;

/**
 * The composer's state: the fields (saved as a draft on every change, so a reload, a crash or a
 * failed post loses nothing), the posting state and its error, and the idempotency key that is
 * renewed on every change so that only a retry of the same submission reuses it.
 */
export function useComposer({ context, start, initial, onPosted }: ComposerOptions) {
  const key = draftKey(context);
  const [fields, setFields] = useState<ComposerFields>(
    () => fieldsFromDraft(key) ?? initial ?? freshFields(start),
  );
  const [posting, setPosting] = useState(false);
  const [problem, setProblem] = useState<SubmitProblem | null>(null);
  const idempotencyKey = useRef(newIdempotencyKey());
  const textlimit = useInstance((state) => state.config.textlimit);
  const pollLimits = useInstance((state) => state.config.pollLimits);
  const touched = useRef(false);
  const kind = context.kind;
  const statusId = context.kind === 'new' ? null : context.statusId;

  useEffect(() => {
    if (!touched.current) return;
    const saved: DraftContext =
      kind === 'new' || statusId === null ? { kind: 'new' } : { kind, statusId };
    saveDraft({ key, context: saved, ...fields });
  }, [key, kind, statusId, fields]);

  const change = useCallback((patch: Partial<ComposerFields>) => {
    setProblem(dropFieldProblem);
    touched.current = true;
    idempotencyKey.current = newIdempotencyKey();
    setFields((current) => ({ ...current, ...patch }));
  }, []);

  const update = useCallback((updater: (current: ComposerFields) => ComposerFields) => {
    setProblem(dropFieldProblem);
    touched.current = true;
    idempotencyKey.current = newIdempotencyKey();
    setFields(updater);
  }, []);

  const left = charactersLeft(textlimit, fields.text, fields.spoilerText);
  const overLimit = isOverLimit(left);

  const submit = useCallback(async () => {
    setPosting(true);
    setProblem(null);
    try {
      const status = await submitPost(api, {
        fields,
        pollLimits,
        inReplyToId: context.kind === 'reply' ? context.statusId : undefined,
        editId: context.kind === 'edit' ? context.statusId : undefined,
        idempotencyKey: idempotencyKey.current,
      });
      if (context.kind === 'edit') {
        useEntities.getState().ingestStatuses([status]);
      } else {
        announcePosted(status);
        showOwnStatus(status);
      }
      discardDraft(key);
      touched.current = false;
      idempotencyKey.current = newIdempotencyKey();
      setFields(clearedFields(fields, start));
      onPosted?.(status);
    } catch (error) {
      setProblem(error instanceof SubmitError ? error.problem : { message: errorMessage(error) });
    } finally {
      setPosting(false);
    }
  }, [context, fields, key, onPosted, pollLimits, start]);

  const discard = useCallback(() => {
    discardDraft(key);
    touched.current = false;
    setFields(initial ?? freshFields(start));
    setProblem(null);
  }, [initial, key, start]);

  return {
    fields,
    change,
    update,
    left,
    overLimit,
    posting,
    problem,
    dismissProblem: () => setProblem(null),
    submit,
    discard,
  };
}

export type Composer = ReturnType<typeof useComposer>;
