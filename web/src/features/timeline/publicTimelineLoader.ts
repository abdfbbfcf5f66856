import { api } from '../../app/apiClient.ts';
import type { Page } from '../../api/client.ts';
import type { Status } from '../../api/types.ts';
import { publicTimeline } from '../../api/timelines.ts';

const firstPages = new Map<boolean, Promise<Page<Status>>>();
const loaded = new Map<boolean, Page<Status>>();

/**
 * The first page of a public timeline, requested at most once per load. main.tsx calls this
 * before React renders when the landing route is a public timeline, so the request overlaps
 * start-up instead of waiting for the first commit.
 */
export function loadFirstPublicPage(local: boolean): Promise<Page<Status>> {
  let page = firstPages.get(local);
  if (!page) {
    page = publicTimeline(api, { local });
    firstPages.set(local, page);
    page.then(
      (value) => loaded.set(local, value),
      () => firstPages.delete(local),
    );
  }
  return page;
}

/** The first page if it has already arrived (lets a returning screen render it at once). */
export function loadedFirstPublicPage(local: boolean): Page<Status> | undefined {
  return loaded.get(local);
}
