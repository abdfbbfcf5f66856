import { api } from '../../app/apiClient.ts';
import { getTimeline, loadOlder, type TimelineSpec } from '../../state/timelines.ts';

export const publicSpec = (local: boolean): TimelineSpec => ({
  kind: local ? 'public' : 'publicAndExternal',
});

/**
 * Starts loading the first page of a public timeline into the timeline store. main.tsx calls this
 * before React renders when the landing route is a public timeline, so the request overlaps
 * start-up instead of waiting for the first commit (and the screen finds it loading or loaded).
 */
export function loadFirstPublicPage(local: boolean): Promise<void> {
  const spec = publicSpec(local);
  const timeline = getTimeline(spec);
  if (timeline.loaded || timeline.loading) return Promise.resolve();
  return loadOlder(api, spec, { force: true });
}
