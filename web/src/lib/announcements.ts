import type { AnnouncementBody } from '../api/announcements.ts';
import type { Announcement } from '../api/types.ts';

/** Spec part 1, §9: announcements are fetched again every 300 s. */
export const ANNOUNCEMENTS_POLL_MS = 300_000;

/** An announcement as the screen shows it: `inactive` when not running now (managers see those). */
export interface ShownAnnouncement extends Announcement {
  inactive: boolean;
}

/** What the post and edit forms hold: text as typed, dates as the date or date-time fields give them. */
export interface AnnouncementDraft {
  content: string;
  /** 'YYYY-MM-DD' (all day) or 'YYYY-MM-DDTHH:mm' (local time), '' when none. */
  startsAt: string;
  endsAt: string;
  allDay: boolean;
}

export const EMPTY_DRAFT: AnnouncementDraft = {
  content: '',
  startsAt: '',
  endsAt: '',
  allDay: false,
};

const ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A time the server sent. Pleroma's admin API leaves the zone out and means UTC. */
export function serverTime(iso: string): Date {
  return new Date(iso.includes('T') && !ZONE.test(iso) ? `${iso}Z` : iso);
}

/** A field's value as a moment: a bare date is that day's local midnight, as the reader meant it. */
function fieldTime(value: string): Date {
  return new Date(DATE_ONLY.test(value) ? `${value}T00:00` : value);
}

/**
 * Spec part 1, §5: an empty start or end is sent as null, any other as an ISO time; a field left
 * undefined is left out, so an edit changes only what it names.
 */
export function announcementBody(draft: Partial<AnnouncementDraft>): AnnouncementBody {
  const body: AnnouncementBody = {};
  if (draft.content !== undefined) body.content = draft.content;
  const time = (value: string) => {
    if (!value.trim()) return null;
    const date = fieldTime(value.trim());
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  };
  if (draft.startsAt !== undefined) body.starts_at = time(draft.startsAt);
  if (draft.endsAt !== undefined) body.ends_at = time(draft.endsAt);
  if (draft.allDay !== undefined) body.all_day = draft.allDay;
  return body;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A server time as the date field ('YYYY-MM-DD') or date-time field ('YYYY-MM-DDTHH:mm') shows it. */
export function fieldValue(iso: string | null, allDay: boolean): string {
  if (!iso) return '';
  const date = serverTime(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return allDay ? day : `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The form an existing announcement opens its edit with. */
export function draftOf(announcement: Announcement): AnnouncementDraft {
  return {
    content: announcement.rawContent ?? '',
    startsAt: fieldValue(announcement.startsAt, announcement.allDay),
    endsAt: fieldValue(announcement.endsAt, announcement.allDay),
    allDay: announcement.allDay,
  };
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * Spec part 1, §2: start and end show the date only when the announcement is all-day, the date and
 * time otherwise (the published time always has both).
 */
export function formatAnnouncementTime(iso: string, dateOnly: boolean, locale?: string): string {
  const date = serverTime(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const key = `${locale ?? ''}|${dateOnly}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      dateOnly ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' },
    );
    formats.set(key, format);
  }
  return format.format(date);
}

/**
 * What the screen lists. Everybody sees the running ones (`visible`); a manager sees every one
 * (`all`, from the admin list), those not running marked inactive, with the read state the user
 * side gives.
 */
export function announcementsToShow(
  visible: readonly Announcement[],
  all: readonly Announcement[] | null,
): ShownAnnouncement[] {
  if (!all) return visible.map((a) => ({ ...a, inactive: false }));
  const running = new Map(visible.map((a) => [a.id, a]));
  const listed = new Set(all.map((a) => a.id));
  return [
    ...all.map((a) => {
      const shown = running.get(a.id);
      return { ...a, read: shown?.read ?? a.read, inactive: !shown };
    }),
    ...visible.filter((a) => !listed.has(a.id)).map((a) => ({ ...a, inactive: false })),
  ];
}

/** The navigation badge and page title count: running announcements the user has not read. */
export function unreadAnnouncementCount(visible: readonly Announcement[]): number {
  return visible.filter((a) => !a.read).length;
}
