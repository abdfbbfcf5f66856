import type { ScreenProps } from '../../router/matchRoute.ts';
import { t } from '../../i18n/index.ts';
import { useLists } from '../../state/lists.ts';
import { useScreenTitle } from '../../state/screenTitle.ts';
import { timelineKey, type TimelineKind } from '../../state/timelines.ts';
import { Timeline } from './Timeline.tsx';

/** Route name → timeline kind (spec part 1, §2 routes, §3 Timeline kinds). */
const KIND_OF_ROUTE: Readonly<Record<string, TimelineKind>> = {
  'public-timeline': 'public',
  'public-external-timeline': 'publicAndExternal',
  friends: 'friends',
  'tag-timeline': 'tag',
  bookmarks: 'bookmarks',
  dms: 'dms',
  'lists-timeline': 'list',
};

/** The timeline screen for every timeline route: the route says which timeline. */
export function TimelineScreen({ match }: ScreenProps) {
  const kind = KIND_OF_ROUTE[match.route.name] ?? 'public';
  const tag = kind === 'tag' ? (match.params.tag ?? '') : undefined;
  const listId = kind === 'list' ? (match.params.id ?? '') : undefined;
  const listTitle = useLists((state) => state.lists.find((list) => list.id === listId)?.title);
  const title =
    kind === 'tag'
      ? t('timeline.tag_title', tag ?? '')
      : kind === 'list'
        ? (listTitle ?? t(match.route.titleKey))
        : t(match.route.titleKey);
  // The document title says which hashtag or list; the other timelines are named by their route.
  useScreenTitle(kind === 'tag' || (kind === 'list' && listTitle) ? title : null);
  return (
    <Timeline
      key={timelineKey({ kind, tag, listId })}
      kind={kind}
      tag={tag}
      listId={listId}
      title={title}
    />
  );
}
