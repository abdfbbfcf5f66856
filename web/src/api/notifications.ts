import { expectEntity, type ApiClient, type Query } from './client.ts';
import {
  parseNotification,
  parseNotificationList,
  parseUnreadCount,
} from './schemas/notification.ts';
import { parseMarkers } from './schemas/marker.ts';
import type { Notification, NotificationType } from './types.ts';

/** Spec part 1 §7: notifications are fetched 20 at a time. */
export const NOTIFICATIONS_PAGE_LIMIT = 20;

/** The client's type names -> what the server filters by (Mastodon's names). */
const WIRE_TYPES: Partial<Record<NotificationType, string>> = {
  like: 'favourite',
  repeat: 'reblog',
};
const wireType = (type: NotificationType) => WIRE_TYPES[type] ?? type;

export interface NotificationsQuery {
  maxId?: string;
  sinceId?: string;
  limit?: number;
  /** Only these types (include_types[]); the opt-in report and chat types must be named. */
  includeTypes?: readonly NotificationType[];
  excludeTypes?: readonly NotificationType[];
}

export interface NotificationsPage {
  notifications: Notification[];
  /** How many the server sent, parsed or not: fewer than the limit means none are older. */
  received: number;
  /** The oldest id the server sent, for the next page (malformed ones included). */
  oldestId: string | null;
}

function oldestIdOf(data: unknown): string | null {
  if (!Array.isArray(data) || data.length === 0) return null;
  const last: unknown = data[data.length - 1];
  if (last && typeof last === 'object' && 'id' in last) {
    const id = (last as { id: unknown }).id;
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return null;
}

export async function fetchNotifications(
  client: ApiClient,
  q: NotificationsQuery = {},
): Promise<NotificationsPage> {
  const query: Query = {
    max_id: q.maxId,
    since_id: q.sinceId,
    limit: q.limit ?? NOTIFICATIONS_PAGE_LIMIT,
    include_types: q.includeTypes?.map(wireType),
    exclude_types: q.excludeTypes?.map(wireType),
  };
  const response = await client.get('/api/v1/notifications', { query });
  expectEntity(Array.isArray(response.data) ? response.data : null, 'notifications', response);
  return {
    notifications: parseNotificationList(response.data),
    received: (response.data as unknown[]).length,
    oldestId: oldestIdOf(response.data),
  };
}

/** GET /api/v1/notifications/unread_count (Mastodon 4.3+, the local instance). */
export async function fetchUnreadCount(
  client: ApiClient,
  includeTypes?: readonly NotificationType[],
): Promise<number> {
  const response = await client.get('/api/v1/notifications/unread_count', {
    query: { include_types: includeTypes?.map(wireType) },
  });
  return expectEntity(parseUnreadCount(response.data), 'unread count', response);
}

/** Marks every notification up to and including maxId seen. */
export async function markNotificationsSeen(client: ApiClient, maxId: string): Promise<void> {
  await client.post('/api/v1/pleroma/notifications/read', { body: { max_id: maxId } });
}

/** POST /api/v1/markers: every notification up to lastReadId is read (Mastodon's way). */
export async function setNotificationsMarker(client: ApiClient, lastReadId: string): Promise<void> {
  await client.post('/api/v1/markers', {
    body: { 'notifications[last_read_id]': lastReadId },
    form: true,
  });
}

/** The notifications read marker's id, or null when the server keeps none yet. */
export async function fetchNotificationsMarker(client: ApiClient): Promise<string | null> {
  const response = await client.get('/api/v1/markers', {
    query: { timeline: ['notifications'] },
  });
  return (
    expectEntity(parseMarkers(response.data), 'markers', response).notifications?.lastReadId ?? null
  );
}

export async function markNotificationSeen(
  client: ApiClient,
  id: string,
): Promise<Notification | null> {
  const response = await client.post('/api/v1/pleroma/notifications/read', { body: { id } });
  return parseNotification(response.data);
}

export async function dismissNotification(client: ApiClient, id: string): Promise<void> {
  await client.post(`/api/v1/notifications/${encodeURIComponent(id)}/dismiss`);
}
