import { api } from '../../app/apiClient.ts';
import type { Page } from '../../api/client.ts';
import type { Status } from '../../api/types.ts';
import { publicTimeline } from '../../api/timelines.ts';

const firstPages = new Map<boolean, Promise<Page<Status>>>();

/**
 * The first page of a public timeline, requested at most once per load. Boot calls this before
 * React renders, so the request overlaps start-up instead of waiting for the first commit.
 */
export function loadFirstPublicPage(local: boolean): Promise<Page<Status>> {
  let page = firstPages.get(local);
  if (!page) {
    page = publicTimeline(api, { local });
    firstPages.set(local, page);
  }
  return page;
}
