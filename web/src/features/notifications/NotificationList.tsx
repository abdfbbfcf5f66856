import { useCallback, useMemo } from 'react';
import type { Notification } from '../../api/types.ts';
import { HeightCache, VirtualList } from '../../ui/VirtualList.tsx';
import { NotificationItem } from './NotificationItem.tsx';
import styles from './Notifications.module.css';

/** Rows mounted by the first render, before the window is measured. */
const FIRST_SCREENFUL = 8;

/** Measured row heights of each list (a placement, an interactions tab), kept across visits. */
const heightCaches = new Map<string, HeightCache>();
function heightCacheFor(key: string): HeightCache {
  let cache = heightCaches.get(key);
  if (!cache) {
    cache = new HeightCache();
    heightCaches.set(key, cache);
  }
  return cache;
}

/**
 * Notifications windowed as timelines are (ui/VirtualList): only the rows near the visible part
 * of the page or of the panel's own scroller are mounted, so thousands stay smooth.
 */
export function NotificationList({
  notifications,
  canManageReports,
  listKey,
  label,
  labelledBy,
  busy,
  complete,
}: {
  notifications: readonly Notification[];
  canManageReports: boolean;
  /** Which list this is, for its height cache. */
  listKey: string;
  label?: string;
  labelledBy?: string;
  busy?: boolean;
  /** No older ones can load: the feed's length is known. */
  complete: boolean;
}) {
  const ids = useMemo(() => notifications.map((n) => n.id), [notifications]);
  const byId = useMemo(() => new Map(notifications.map((n) => [n.id, n])), [notifications]);
  const renderItem = useCallback(
    (id: string, index: number, setSize: number) => {
      const notification = byId.get(id);
      return notification ? (
        <div className={styles.row}>
          <NotificationItem
            notification={notification}
            canManageReports={canManageReports}
            position={{ index, size: setSize }}
          />
        </div>
      ) : null;
    },
    [byId, canManageReports],
  );
  return (
    <VirtualList
      ids={ids}
      heights={heightCacheFor(listKey)}
      renderItem={renderItem}
      initialCount={FIRST_SCREENFUL}
      className={styles.list}
      busy={busy}
      setSize={complete ? ids.length : -1}
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
    />
  );
}
