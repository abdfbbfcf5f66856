import '../../i18n/parts/timelines.ts';
import { t } from '../../i18n/index.ts';
import { timelineKey, type TimelineKind } from '../../state/timelines.ts';
import { Timeline } from './Timeline.tsx';

export type UserTimelineTab = 'statuses' | 'media' | 'favorites';

const KIND_OF_TAB: Readonly<Record<UserTimelineTab, TimelineKind>> = {
  statuses: 'user',
  media: 'media',
  favorites: 'favorites',
};

/**
 * A profile's statuses, media or favourites tab (spec part 1, §2 Profile); on the statuses tab the
 * pinned statuses come first. The profile screen places it under its own tabs.
 */
export function UserTimeline({ userId, tab }: { userId: string; tab: UserTimelineTab }) {
  const kind = KIND_OF_TAB[tab];
  return (
    <Timeline
      key={timelineKey({ kind, userId })}
      kind={kind}
      userId={userId}
      profileUserId={userId}
      title={t(`timeline.user_${tab}`)}
    />
  );
}
