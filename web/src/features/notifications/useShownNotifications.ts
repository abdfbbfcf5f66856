import { useMemo } from 'react';
import type { Notification } from '../../api/types.ts';
import { canManageReports, isNotificationShown } from '../../lib/notifications.ts';
import { useEntities } from '../../state/entities.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useRelations } from '../../state/relations.ts';
import { useSession } from '../../state/session.ts';

export function useCanManageReports(): boolean {
  return useSession((state) => canManageReports(state.user?.privileges ?? []));
}

/** Muted as known here: the session's mute list and any relationship fetched since. */
function useMutedIds(): ReadonlySet<string> {
  const muteIds = useRelations((state) => state.muteIds);
  const relationships = useEntities((state) => state.relationships);
  return useMemo(() => {
    const out = new Set(muteIds);
    for (const [id, relationship] of Object.entries(relationships)) {
      if (relationship.muting) out.add(id);
      else out.delete(id);
    }
    return out;
  }, [muteIds, relationships]);
}

/** The notifications the user's preferences, mutes and privileges let through, newest first. */
export function useShownNotifications(list: readonly Notification[]): Notification[] {
  const visibility = usePreferences((state) => state.notificationVisibility);
  const mutedIds = useMutedIds();
  const canManage = useCanManageReports();
  return useMemo(
    () =>
      list.filter((n) =>
        isNotificationShown(n, { visibility, mutedIds, canManageReports: canManage }),
      ),
    [list, visibility, mutedIds, canManage],
  );
}
