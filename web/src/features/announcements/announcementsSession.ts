import { create } from 'zustand';
import {
  adminFetchAnnouncements,
  dismissAnnouncement,
  fetchAnnouncements,
} from '../../api/announcements.ts';
import { ApiError, type ApiClient } from '../../api/client.ts';
import type { Announcement } from '../../api/types.ts';
import { ANNOUNCEMENTS_POLL_MS, unreadAnnouncementCount } from '../../lib/announcements.ts';
import { errorMessage } from '../../lib/errorMessage.ts';
import { useInstance } from '../../state/instance.ts';
import { intervalPoller, registerPoller } from '../../state/pollers.ts';
import { useSession } from '../../state/session.ts';
import { useUnseen } from '../../state/unseen.ts';

/**
 * Announcements while signed in (spec part 1, §4 and §9): fetched at once after sign-in and then
 * every 300 s, their unread count kept for the navigation badge and the page title. A server that
 * answers 404 has none: they are marked unsupported, which takes their entries out of the
 * navigation, and the polling ends. Loaded with its own chunk, after sign-in only.
 */
export const ANNOUNCEMENTS_POLLER = 'announcements';
export const MANAGE_PRIVILEGE = 'announcements_manage_announcements';
const HTTP_NOT_FOUND = 404;

interface AnnouncementsState {
  /** The running ones, as the user side answers them (with the user's read state). */
  visible: Announcement[];
  /** Every one, from the admin list: only for holders of the managing privilege. */
  all: Announcement[] | null;
  loaded: boolean;
  /** Why the last fetch failed, while nothing could be shown. */
  error: string | null;
}

const EMPTY: AnnouncementsState = { visible: [], all: null, loaded: false, error: null };

export const useAnnouncements = create<AnnouncementsState>()(() => EMPTY);

export function canManageAnnouncements(): boolean {
  return useSession.getState().user?.privileges.includes(MANAGE_PRIVILEGE) ?? false;
}

function setVisible(visible: Announcement[]): void {
  useAnnouncements.setState({ visible });
  if (useSession.getState().user) {
    useUnseen.getState().set({ announcements: unreadAnnouncementCount(visible) });
  }
}

let stopPolling: (() => void) | null = null;

/** Fetches what the screen and the badge show; the poll's tick and the screen's first look. */
export async function refreshAnnouncements(client: ApiClient): Promise<void> {
  let visible: Announcement[];
  try {
    visible = await fetchAnnouncements(client);
  } catch (error) {
    if (error instanceof ApiError && error.status === HTTP_NOT_FOUND) {
      useInstance.getState().update({ announcementsAvailable: false });
      stopPolling?.();
      stopPolling = null;
    }
    useAnnouncements.setState((state) =>
      state.loaded ? state : { error: errorMessage(error) || String(error) },
    );
    throw error;
  }
  let all: Announcement[] | null = null;
  if (canManageAnnouncements()) {
    try {
      all = await adminFetchAnnouncements(client);
    } catch (error) {
      // The admin list is extra: without it a manager still sees the running ones.
      console.warn('the admin list of announcements could not be loaded', error);
    }
  }
  setVisible(visible);
  useAnnouncements.setState({ all, loaded: true, error: null });
}

/** Mark-as-read: shown at once, then told to the server (put back when it refuses). */
export async function markAnnouncementRead(client: ApiClient, id: string): Promise<void> {
  const flag = (read: boolean) =>
    setVisible(useAnnouncements.getState().visible.map((a) => (a.id === id ? { ...a, read } : a)));
  flag(true);
  try {
    await dismissAnnouncement(client, id);
  } catch (error) {
    flag(false);
    throw error;
  }
}

/** After sign-in: a fresh start for this user and the 300 s poll, which also asks at once. */
export function startAnnouncements(client: ApiClient): () => void {
  useAnnouncements.setState(EMPTY);
  const stop = registerPoller(
    ANNOUNCEMENTS_POLLER,
    intervalPoller(ANNOUNCEMENTS_POLL_MS, () => refreshAnnouncements(client)),
  );
  stopPolling = stop;
  return stop;
}
