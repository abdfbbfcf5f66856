import { expectEntity, type ApiClient } from './client.ts';
import { parseAnnouncement, parseAnnouncementList } from './schemas/announcement.ts';
import type { Announcement } from './types.ts';

/** Announcements (spec part 1, §7; API notes §3): the user side, then Pleroma's admin side. */

const ADMIN_PATH = '/api/v1/pleroma/admin/announcements';
/** Pleroma's admin list pages by 20 unless told; a manager sees this many at most. */
const ADMIN_LIST_LIMIT = 100;

/** The body of a post or an edit (lib/announcements.ts builds it from the form). */
export interface AnnouncementBody {
  content?: string;
  starts_at?: string | null;
  ends_at?: string | null;
  all_day?: boolean;
}

/** The running announcements, with the signed-in user's read state. */
export async function fetchAnnouncements(client: ApiClient): Promise<Announcement[]> {
  const response = await client.get('/api/v1/announcements');
  expectEntity(Array.isArray(response.data) ? response.data : null, 'announcements', response);
  return parseAnnouncementList(response.data);
}

export async function dismissAnnouncement(client: ApiClient, id: string): Promise<void> {
  await client.post(`/api/v1/announcements/${encodeURIComponent(id)}/dismiss`);
}

/** Every announcement, running or not (holders of announcements_manage_announcements). */
export async function adminFetchAnnouncements(client: ApiClient): Promise<Announcement[]> {
  const response = await client.get(ADMIN_PATH, { query: { limit: ADMIN_LIST_LIMIT } });
  expectEntity(Array.isArray(response.data) ? response.data : null, 'announcements', response);
  return parseAnnouncementList(response.data);
}

export async function postAnnouncement(
  client: ApiClient,
  body: AnnouncementBody,
): Promise<Announcement> {
  const response = await client.post(ADMIN_PATH, { body });
  return expectEntity(parseAnnouncement(response.data), 'Announcement', response);
}

export async function editAnnouncement(
  client: ApiClient,
  id: string,
  body: AnnouncementBody,
): Promise<Announcement> {
  const response = await client.patch(`${ADMIN_PATH}/${encodeURIComponent(id)}`, { body });
  return expectEntity(parseAnnouncement(response.data), 'Announcement', response);
}

export async function deleteAnnouncement(client: ApiClient, id: string): Promise<void> {
  await client.delete(`${ADMIN_PATH}/${encodeURIComponent(id)}`);
}
