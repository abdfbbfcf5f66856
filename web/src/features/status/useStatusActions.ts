import '../../i18n/parts/status.ts';
import { useCallback, useState } from 'react';
import { api } from '../../app/apiClient.ts';
import * as interactions from '../../api/interactions.ts';
import type { Status } from '../../api/types.ts';
import { useEntities, type StoredStatus } from '../../state/entities.ts';
import { useModals } from '../../state/modals.ts';
import { useNotices } from '../../state/notices.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useInstance } from '../../state/instance.ts';
import { toggleInTurn } from '../../state/sendInTurn.ts';
import { outboxRuntime, useOutbox } from '../../state/outbox.ts';
import { ApiError } from '../../api/client.ts';

/** How long the copied-link notice stays. */
export const COPY_NOTICE_MS = 2000;

type Patch = Partial<StoredStatus>;

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/** The card's two-state actions, by the field each one sets. */
type ToggleField = 'favourited' | 'reblogged' | 'bookmarked' | 'pinned' | 'threadMuted';

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
 * at once, then takes the server's answer; on failure it goes back to what the server holds and
 * keeps the server's message for the card's alert (spec part 2, §4 and §8).
 */
export function useStatusActions(statusId: string): StatusActions {
  const [error, setError] = useState<string | null>(null);

  /**
   * A favourite or repeat the server cannot be reached for (no answer, not a refusal) goes to the
   * outbox, as does one made while sends already wait there, so they arrive in order (issue 26).
   * The button keeps the state asked for, marked pending; null stands for the answer to come.
   */
  const orQueue = useCallback(
    (kind: 'favourite' | 'reblog', send: (on: boolean) => Promise<Status>) =>
      async (on: boolean): Promise<Status | null> => {
        const queue = () =>
          outboxRuntime().then((runtime) => runtime.queueToggle(kind, statusId, on, !on));
        if (useOutbox.getState().count > 0) {
          await queue();
          return null;
        }
        try {
          return await send(on);
        } catch (failure) {
          if (!(failure instanceof ApiError) || failure.status !== 0) throw failure;
          await queue().catch(() => Promise.reject(failure));
          return null;
        }
      },
    [statusId],
  );

  /**
   * One of the card's two-state actions (state/sendInTurn.ts toggleInTurn): the store changes at
   * once (`flip`), the server is asked in turn with the other clicks on the same action, and only
   * the answer to the last one is taken.
   */
  const toggle = useCallback(
    async (
      field: ToggleField,
      flip: (current: StoredStatus) => Patch,
      send: (on: boolean) => Promise<Status | null>,
      after?: (answer: Status | null) => void,
    ) => {
      const shown = () => useEntities.getState().statuses[statusId];
      if (!shown()) return;
      const result = await toggleInTurn({
        key: `${field}\u0000${statusId}`,
        isOn: () => shown()?.[field] === true,
        flip: () => {
          const current = shown();
          if (current) useEntities.getState().patchStatus(statusId, flip(current));
        },
        send,
      });
      if (result.kind === 'queued') return;
      if (result.kind === 'answered') {
        if (result.answer) useEntities.getState().ingestStatuses([result.answer]);
        after?.(result.answer);
        setError(null);
        return;
      }
      setError(messageOf(result.error));
    },
    [statusId],
  );

  const toggleFavourite = useCallback(
    () =>
      toggle(
        'favourited',
        (s) => ({
          favourited: !s.favourited,
          favouritesCount: Math.max(0, s.favouritesCount + (s.favourited ? -1 : 1)),
        }),
        orQueue('favourite', (on) =>
          on ? interactions.favourite(api, statusId) : interactions.unfavourite(api, statusId),
        ),
      ),
    [toggle, orQueue, statusId],
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
    await toggle(
      'reblogged',
      (s) => ({
        reblogged: !s.reblogged,
        reblogsCount: Math.max(0, s.reblogsCount + (s.reblogged ? -1 : 1)),
      }),
      orQueue('reblog', (on) =>
        on ? interactions.reblog(api, statusId) : interactions.unreblog(api, statusId),
      ),
    );
  }, [toggle, orQueue, statusId]);

  const toggleBookmark = useCallback(
    () =>
      toggle(
        'bookmarked',
        (s) => ({ bookmarked: !s.bookmarked }),
        (on) =>
          on ? interactions.bookmark(api, statusId) : interactions.unbookmark(api, statusId),
      ),
    [toggle, statusId],
  );

  const togglePin = useCallback(
    () =>
      toggle(
        'pinned',
        (s) => ({ pinned: !s.pinned }),
        (on) => (on ? interactions.pin(api, statusId) : interactions.unpin(api, statusId)),
      ),
    [toggle, statusId],
  );

  const toggleThreadMute = useCallback(
    () =>
      toggle(
        'threadMuted',
        (s) => ({ threadMuted: !s.threadMuted }),
        (on) =>
          on
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
    [toggle, statusId],
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
