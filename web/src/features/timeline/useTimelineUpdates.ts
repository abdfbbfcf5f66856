import { useEffect } from 'react';
import { api } from '../../app/apiClient.ts';
import type { StreamingEvent } from '../../api/types.ts';
import { TIMELINE_POLL_MS } from '../../lib/timelineQueue.ts';
import { useEntities } from '../../state/entities.ts';
import { intervalPoller, pollersRunning, registerPoller } from '../../state/pollers.ts';
import { useSession } from '../../state/session.ts';
import {
  catchUpOnce,
  loadNewer,
  receiveStatus,
  receivesNewStatuses,
  timelineKey,
  type TimelineSpec,
} from '../../state/timelines.ts';
import {
  subscribeToStream,
  useStreamingStatus,
  type StreamName,
  type StreamParams,
} from '../../streaming/index.ts';

/** The stream that carries a timeline's new statuses, if any. */
export function streamFor(spec: TimelineSpec): { name: StreamName; params: StreamParams } | null {
  switch (spec.kind) {
    case 'friends':
      return { name: 'user', params: {} };
    case 'public':
      return { name: 'public:local', params: {} };
    case 'publicAndExternal':
      return { name: 'public', params: {} };
    case 'tag':
      return spec.tag ? { name: 'hashtag', params: { tag: spec.tag } } : null;
    case 'dms':
      return { name: 'direct', params: {} };
    case 'list':
      return spec.listId ? { name: 'list', params: { list: spec.listId } } : null;
    default:
      return null;
  }
}

function streamedStatusId(event: StreamingEvent): string | null {
  if (event.event === 'update') return event.status.id;
  if (event.event === 'conversation' && event.conversation.lastStatus) {
    useEntities.getState().ingestStatuses([event.conversation.lastStatus]);
    return event.conversation.lastStatus.id;
  }
  return null;
}

/** When each timeline was last polled, across its pollers. */
const lastPolledAt = new Map<string, number>();

/**
 * Brings a shown timeline its new statuses: from the stream while the socket is joined, else by
 * polling every 10 s (a poller in the registry: sign-out stops it; anonymous visitors, who have no
 * running registry, get it started here). Returns whether new statuses are streamed.
 */
export function useTimelineUpdates(spec: TimelineSpec): boolean {
  const signedIn = useSession((state) => state.status === 'signedIn');
  const socket = useStreamingStatus();
  const stream = streamFor(spec);
  const streaming = signedIn && stream !== null && socket === 'joined';
  const key = timelineKey(spec);

  useEffect(() => {
    if (!receivesNewStatuses(spec)) return;
    if (streaming && stream) {
      const unsubscribe = subscribeToStream(stream.name, stream.params, (event) => {
        const id = streamedStatusId(event);
        if (id) receiveStatus(spec, id);
      });
      // What was posted while the socket was still opening (or away) never comes on the stream.
      const cancelCatchUp = catchUpOnce(api, spec);
      return () => {
        cancelCatchUp();
        unsubscribe();
      };
    }
    // A poller started again (the socket came and went) waits out the rest of the period, so a
    // timeline is polled at most once per period however often streaming flips.
    const poller = intervalPoller(
      TIMELINE_POLL_MS,
      () => {
        lastPolledAt.set(key, Date.now());
        return loadNewer(api, spec);
      },
      {
        firstDelayMs: () =>
          Math.max(0, (lastPolledAt.get(key) ?? -Infinity) + TIMELINE_POLL_MS - Date.now()),
      },
    );
    const unregister = registerPoller(`timeline:${key}`, poller);
    if (!pollersRunning()) poller.start();
    return () => {
      unregister();
      poller.stop();
    };
    // The spec and its stream follow from the key. Sign-in and sign-out start and stop the
    // registry's pollers: subscribe again after either.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, streaming, signedIn]);

  return streaming;
}
