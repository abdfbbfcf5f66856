import { ApiError, type ApiClient } from '../api/client.ts';
import { useInstance } from '../state/instance.ts';

const HTTP_NOT_FOUND = 404;

function instanceLoaded(): Promise<void> {
  if (useInstance.getState().loaded) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = useInstance.subscribe((state) => {
      if (!state.loaded) return;
      stop();
      resolve();
    });
  });
}

/**
 * Spec part 1, §4 announcements: a server that answers 404 for announcements does not have them,
 * so they are marked unsupported and their entries leave the navigation and the drawer. Any other
 * failure leaves the flag as the start-up guessed it.
 */
export async function checkAnnouncementsSupport(client: ApiClient): Promise<void> {
  // Sign-in may come before the start-up answers that say whether the server has announcements.
  await instanceLoaded();
  if (!useInstance.getState().config.announcementsAvailable) return;
  try {
    await client.get('/api/v1/announcements');
  } catch (error) {
    if (error instanceof ApiError && error.status === HTTP_NOT_FOUND) {
      useInstance.getState().update({ announcementsAvailable: false });
    } else {
      console.warn('announcements could not be checked', error);
    }
  }
}
