import { useCallback, useState } from 'react';
import { api } from '../../app/apiClient.ts';
import * as interactions from '../../api/interactions.ts';
import type { Status } from '../../api/types.ts';
import { useEntities, type StoredStatus } from '../../state/entities.ts';
import { useModals } from '../../state/modals.ts';
import { useNotices } from '../../state/notices.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useInstance } from '../../state/instance.ts';

/** How long the copied-link notice stays. */
export const COPY_NOTICE_MS = 2000;

type Patch = Partial<StoredStatus>;

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/** The fields a patch touched, as they were: undoes only this change. */
function undoOf(previous: StoredStatus, patch: Patch): Patch {
  const undo: Record<string, unknown> = {};
  for (const key of Object.keys(patch)) undo[key] = previous[key as keyof StoredStatus];
  return undo as Patch;
}

export interface StatusActions {
  /** The server's error text of the last failed action, shown on the card until dismissed. */
  error: string | null;
  dismissError(): void;
  toggleFavourite(): Promise<void>;
  toggleRepeat(): Promise<void>;
  toggleBookmark(): Promise<void>;
  togglePin(): Promise<void>;
  toggleThreadMute(): Promise<void>;
  copyLink(): Promise<void>;
  remove(): Promise<void>;
}

/**
 * The post card's actions on one status (the original of a repeat). Each writes the entity store
 * at once, then takes the server's answer; on failure it restores what it changed and keeps the
 * server's message for the card's alert (spec part 2, §4 and §8).
 */
export function useStatusActions(statusId: string): StatusActions {
  const [error, setError] = useState<string | null>(null);

  const optimistic = useCallback(
    async (
      patch: (current: StoredStatus) => Patch,
      call: () => Promise<Status | null>,
      after?: (answer: Status | null) => void,
    ) => {
      const store = useEntities.getState();
      const current = store.statuses[statusId];
      if (!current) return;
      const change = patch(current);
      const previous = store.patchStatus(statusId, change);
      try {
        const answer = await call();
        if (answer) useEntities.getState().ingestStatuses([answer]);
        after?.(answer);
        setError(null);
      } catch (failure) {
        if (previous) useEntities.getState().patchStatus(statusId, undoOf(previous, change));
        setError(messageOf(failure));
      }
    },
    [statusId],
  );

  const toggleFavourite = useCallback(
    () =>
      optimistic(
        (s) => ({
          favourited: !s.favourited,
          favouritesCount: Math.max(0, s.favouritesCount + (s.favourited ? -1 : 1)),
        }),
        () => {
          const was = useEntities.getState().statuses[statusId]?.favourited;
          // `was` is read after the optimistic patch: it is the new value.
          return was
            ? interactions.favourite(api, statusId)
            : interactions.unfavourite(api, statusId);
        },
      ),
    [optimistic, statusId],
  );

  const toggleRepeat = useCallback(async () => {
    const current = useEntities.getState().statuses[statusId];
    if (!current) return;
    if (!current.reblogged && usePreferences.getState().modalOnRepeat) {
      const accepted = await useModals.getState().confirm({
        titleKey: 'status.repeat_confirm_title',
        messageKey: 'status.repeat_confirm',
        acceptKey: 'status.repeat',
        cancelKey: 'status.cancel',
      });
      if (!accepted) return;
    }
    const repeating = !current.reblogged;
    await optimistic(
      (s) => ({
        reblogged: repeating,
        reblogsCount: Math.max(0, s.reblogsCount + (repeating ? 1 : -1)),
      }),
      () => (repeating ? interactions.reblog(api, statusId) : interactions.unreblog(api, statusId)),
    );
  }, [optimistic, statusId]);

  const toggleBookmark = useCallback(
    () =>
      optimistic(
        (s) => ({ bookmarked: !s.bookmarked }),
        () =>
          useEntities.getState().statuses[statusId]?.bookmarked
            ? interactions.bookmark(api, statusId)
            : interactions.unbookmark(api, statusId),
      ),
    [optimistic, statusId],
  );

  const togglePin = useCallback(
    () =>
      optimistic(
        (s) => ({ pinned: !s.pinned }),
        () =>
          useEntities.getState().statuses[statusId]?.pinned
            ? interactions.pin(api, statusId)
            : interactions.unpin(api, statusId),
      ),
    [optimistic, statusId],
  );

  const toggleThreadMute = useCallback(
    () =>
      optimistic(
        (s) => ({ threadMuted: !s.threadMuted }),
        () =>
          useEntities.getState().statuses[statusId]?.threadMuted
            ? interactions.muteConversation(api, statusId)
            : interactions.unmuteConversation(api, statusId),
        (answer) => {
          // A thread mute applies to every status of the conversation (spec part 1, §4).
          const conversation = answer?.conversationId;
          if (!answer || !conversation) return;
          const { statuses, patchStatus } = useEntities.getState();
          for (const other of Object.values(statuses)) {
            if (other.conversationId === conversation && other.threadMuted !== answer.threadMuted) {
              patchStatus(other.id, { threadMuted: answer.threadMuted });
            }
          }
        },
      ),
    [optimistic, statusId],
  );

  const copyLink = useCallback(async () => {
    const server = useInstance.getState().config.server || window.location.origin;
    const link = `${server.replace(/\/+$/, '')}/notice/${encodeURIComponent(statusId)}`;
    try {
      await navigator.clipboard.writeText(link);
      setError(null);
      useNotices.getState().push({
        level: 'success',
        messageKey: 'status.link_copied',
        timeoutMs: COPY_NOTICE_MS,
      });
    } catch (failure) {
      setError(messageOf(failure));
    }
  }, [statusId]);

  const remove = useCallback(async () => {
    if (usePreferences.getState().modalOnDelete) {
      const accepted = await useModals.getState().confirm({
        titleKey: 'status.delete_confirm_title',
        messageKey: 'status.delete_confirm',
        acceptKey: 'status.delete',
        cancelKey: 'status.cancel',
      });
      if (!accepted) return;
    }
    try {
      await interactions.deleteStatus(api, statusId);
      useEntities.getState().markDeleted(statusId);
      setError(null);
    } catch (failure) {
      setError(messageOf(failure));
    }
  }, [statusId]);

  return {
    error,
    dismissError: useCallback(() => setError(null), []),
    toggleFavourite,
    toggleRepeat,
    toggleBookmark,
    togglePin,
    toggleThreadMute,
    copyLink,
    remove,
  };
}
