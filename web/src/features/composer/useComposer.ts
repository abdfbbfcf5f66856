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
import { localProblem, submitPost, SubmitError, type SubmitProblem } from './submitPost.ts';
import { outboxRuntime, useOutbox } from '../../state/outbox.ts';
import { errorMessage } from '../../lib/errorMessage.ts';

export interface ComposerOptions {
  context: DraftContext;
  start: StartingPoint;
  /** Fields to begin with instead of fresh ones when no draft is saved (an edit's source). */
  initial?: ComposerFields;
  /** The post as the server took it, or null when it was queued in the outbox (offline). */
  onPosted?(status: Status | null): void;
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

const returnedTo = (key: string) =>
  useOutbox.getState().returned.find((entry) => entry.draftKey === key);

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
  const [problem, setProblem] = useState<SubmitProblem | null>(() => {
    const returned = context.kind === 'edit' ? undefined : returnedTo(key);
    return returned ? { message: returned.message } : null;
  });
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

  // Composers on screen say so: a post the server refused comes back to one of them.
  useEffect(() => {
    if (kind === 'edit') return undefined;
    const count = (delta: number) =>
      useOutbox.setState((state) => ({
        composers: { ...state.composers, [key]: (state.composers[key] ?? 0) + delta },
      }));
    count(1);
    return () => count(-1);
  }, [key, kind]);

  // A post of this composer's the server refused comes back with its text (the draft) and the
  // server's message: at mount (a dialog opened for it), or while the composer is on screen.
  useEffect(() => {
    if (kind === 'edit') return undefined;
    const take = () => {
      const entry = returnedTo(key);
      if (entry)
        useOutbox.setState((state) => ({ returned: state.returned.filter((e) => e !== entry) }));
      return entry;
    };
    take();
    return useOutbox.subscribe(() => {
      const entry = take();
      if (!entry) return;
      const draft = fieldsFromDraft(key);
      if (draft) setFields(draft);
      setProblem({ message: entry.message });
    });
  }, [key, kind]);

  const finish = useCallback(
    (status: Status | null) => {
      discardDraft(key);
      touched.current = false;
      idempotencyKey.current = newIdempotencyKey();
      setFields(clearedFields(fields, start));
      onPosted?.(status);
    },
    [fields, key, onPosted, start],
  );

  /** Into the outbox, to be sent when the network is back (issue 26); false if that failed. */
  const queue = useCallback(async () => {
    try {
      const runtime = await outboxRuntime();
      await runtime.queuePost(idempotencyKey.current, {
        fields,
        pollLimits,
        inReplyToId: context.kind === 'reply' ? context.statusId : undefined,
        replyTo: start.replyTo,
      });
      finish(null);
      return true;
    } catch (error) {
      console.warn('the outbox could not keep the post', error);
      return false;
    }
  }, [context, fields, finish, pollLimits, start.replyTo]);

  const submit = useCallback(async () => {
    setPosting(true);
    setProblem(null);
    const offline = context.kind !== 'edit';
    try {
      // With sends already waiting, a new post goes after them, so they arrive in order.
      if (offline && useOutbox.getState().count > 0 && !localProblem(fields) && (await queue()))
        return;
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
      finish(status);
    } catch (error) {
      // No answer from the server (not a refusal): the outbox sends it when the network is back.
      if (offline && error instanceof SubmitError && error.status === 0 && (await queue())) return;
      setProblem(error instanceof SubmitError ? error.problem : { message: errorMessage(error) });
    } finally {
      setPosting(false);
    }
  }, [context, fields, finish, pollLimits, queue]);

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
