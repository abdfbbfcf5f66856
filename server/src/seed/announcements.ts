import type { ServerContext } from '../context.ts';
import { findAccountByAcct } from '../db/accounts.ts';
import { insertAnnouncement, markAnnouncementRead } from '../db/announcements.ts';
import { getSetting, setSetting } from '../db/index.ts';
import { idAt } from '../db/ids.ts';
import { hostOf } from '../views/html.ts';
import { SEED_ACCOUNTS } from './accounts.ts';

/**
 * Three announcements: one running, one all-day event running from today for a week, one that has
 * ended (only the admin list shows it). Every seeded account has read them but dave, whose
 * navigation badge and page title count the two running ones: page titles other journeys read
 * stay as they were. Runs once per data folder (also on folders seeded before announcements).
 */
const ANNOUNCEMENTS_SEED_KEY = 'seed_announcements_version';
const ANNOUNCEMENTS_SEED_VERSION = '1';
const DAY_MS = 86_400_000;
/** The one seeded account that has not read them. */
export const UNREAD_ANNOUNCEMENTS_READER = 'dave';

export function seedAnnouncements(ctx: ServerContext): void {
  const db = ctx.db;
  if (getSetting(db, ANNOUNCEMENTS_SEED_KEY) === ANNOUNCEMENTS_SEED_VERSION) return;
  const host = hostOf(ctx.origin);
  const now = Date.now();
  const midnight = now - (now % DAY_MS);
  const iso = (ms: number) => new Date(ms).toISOString();
  const readers = SEED_ACCOUNTS.filter(
    (a) => a.role !== 'remote' && a.nickname !== UNREAD_ANNOUNCEMENTS_READER,
  )
    .map((a) => findAccountByAcct(db, a.nickname, host)?.id)
    .filter((id): id is string => !!id);

  db.transaction(() => {
    const seeded = [
      {
        at: now - 3 * DAY_MS,
        content:
          'Welcome to the Starling local instance :starling: Everything here is demo data; ' +
          'the client is documented at https://starling.example/docs',
        startsAt: null,
        endsAt: null,
        allDay: false,
      },
      {
        at: now - DAY_MS,
        content: 'Estuary clean-up week: gloves and bags at the car park every morning. #birding',
        startsAt: iso(midnight),
        endsAt: iso(midnight + 7 * DAY_MS),
        allDay: true,
      },
      {
        at: now - 6 * DAY_MS,
        content: 'Maintenance tonight: the instance may be slow for an hour.',
        startsAt: iso(now - 5 * DAY_MS),
        endsAt: iso(now - 5 * DAY_MS + 3_600_000),
        allDay: false,
      },
    ];
    for (const { at, ...input } of seeded) {
      const row = insertAnnouncement(db, input, { id: idAt(at), publishedAt: iso(at) });
      for (const reader of readers) markAnnouncementRead(db, row.id, reader);
    }
    setSetting(db, ANNOUNCEMENTS_SEED_KEY, ANNOUNCEMENTS_SEED_VERSION);
  })();
}
