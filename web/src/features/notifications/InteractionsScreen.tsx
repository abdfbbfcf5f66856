import '../../i18n/parts/notifications.ts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from '../../app/apiClient.ts';
import { fetchNotifications, NOTIFICATIONS_PAGE_LIMIT } from '../../api/notifications.ts';
import type { Notification } from '../../api/types.ts';
import { t } from '../../i18n/index.ts';
import {
  INTERACTIONS_TAB_TYPES,
  interactionsTabs,
  type InteractionsTab,
} from '../../lib/notifications.ts';
import { receiveNotifications, useNotifications } from '../../state/notifications.ts';
import { useSession } from '../../state/session.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { NotificationList } from './NotificationList.tsx';
import styles from './Notifications.module.css';
import { useCanManageReports, useShownNotifications } from './useShownNotifications.ts';
import { errorMessage } from '../../lib/errorMessage.ts';

interface Feed {
  ids: string[];
  loading: boolean;
  error: string | null;
  bottomedOut: boolean;
  oldestId: string | null;
}

const EMPTY_FEED: Feed = {
  ids: [],
  loading: false,
  error: null,
  bottomedOut: false,
  oldestId: null,
};

/**
 * One tab's notifications, fetched by type. They join the notifications store, so approving,
 * changing a report's state or dismissing here acts exactly as in the panel.
 */
function useInteractionsFeed(tab: InteractionsTab) {
  const [feed, setFeed] = useState<Feed>(EMPTY_FEED);
  const load = useCallback(
    async (maxId: string | null) => {
      setFeed((f) => ({ ...f, loading: true, error: null }));
      try {
        const page = await fetchNotifications(api, {
          includeTypes: INTERACTIONS_TAB_TYPES[tab],
          maxId: maxId ?? undefined,
        });
        receiveNotifications(page.notifications, false);
        setFeed((f) => ({
          ids: [...f.ids, ...page.notifications.map((n) => n.id)],
          loading: false,
          error: null,
          bottomedOut: page.received < NOTIFICATIONS_PAGE_LIMIT,
          oldestId: page.oldestId ?? f.oldestId,
        }));
      } catch (error) {
        setFeed((f) => ({
          ...f,
          loading: false,
          error: errorMessage(error),
        }));
      }
    },
    [tab],
  );
  useEffect(() => {
    setFeed(EMPTY_FEED);
    void load(null);
  }, [load]);
  return { feed, loadOlder: () => void load(feed.oldestId) };
}

function TabContent({ tab }: { tab: InteractionsTab }) {
  const { feed, loadOlder } = useInteractionsFeed(tab);
  const list = useNotifications((state) => state.list);
  const canManage = useCanManageReports();
  const items = useMemo(() => {
    const byId = new Map(list.map((n) => [n.id, n]));
    return feed.ids.map((id) => byId.get(id)).filter((n): n is Notification => n !== undefined);
  }, [list, feed.ids]);
  const shown = useShownNotifications(items);
  return (
    <div>
      {shown.length > 0 ? (
        <NotificationList
          notifications={shown}
          canManageReports={canManage}
          listKey={`interactions:${tab}`}
          label={t(`interactions.tabs.${tab}`)}
          busy={feed.loading}
          complete={feed.bottomedOut}
        />
      ) : (
        !feed.loading && !feed.error && <p className={styles.empty}>{t('interactions.none')}</p>
      )}
      <div className={styles.footer}>
        {feed.loading ? (
          <Spinner label={t('notifications.loading')} />
        ) : feed.error ? (
          <p className={styles.error} role="alert">
            {t('session.notifications_error', feed.error)}{' '}
            <button type="button" className={styles.textButton} onClick={loadOlder}>
              {t('notifications.retry')}
            </button>
          </p>
        ) : (
          !feed.bottomedOut && (
            <button type="button" className={styles.textButton} onClick={loadOlder}>
              {t('notifications.load_older')}
            </button>
          )
        )}
      </div>
    </div>
  );
}

/** /users/:username/interactions (spec part 1 §2): notifications by kind, in tabs. */
export function InteractionsScreen() {
  const canManage = useCanManageReports();
  const allowFollowingMove = useSession((state) => state.user?.allowFollowingMove ?? true);
  const tabs = interactionsTabs({ canManageReports: canManage, allowFollowingMove });
  const [active, setActive] = useState<InteractionsTab>('mentions');
  const current = tabs.includes(active) ? active : 'mentions';
  return (
    <section className={styles.panel} aria-labelledby="interactions-title">
      <div className={styles.panelHeader}>
        <h1 id="interactions-title" className={styles.heading}>
          {t('interactions.title')}
        </h1>
      </div>
      <Tabs<InteractionsTab>
        tabs={tabs.map((id) => ({ id, label: t(`interactions.tabs.${id}`) }))}
        active={current}
        onSelect={setActive}
        label={t('interactions.tabs_label')}
      >
        <TabContent key={current} tab={current} />
      </Tabs>
    </section>
  );
}
