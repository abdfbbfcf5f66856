import { join } from 'node:path';
import type { ServerContext } from '../context.ts';
import { findAccountByAcct, insertAccount } from '../db/accounts.ts';
import { composeStatus, formatWithMentions } from '../db/compose.ts';
import { acceptFollow, follow } from '../db/follows.ts';
import { getSetting, setSetting, sql } from '../db/index.ts';
import { idAt, newId } from '../db/ids.ts';
import { enableTotp } from '../db/mfa.ts';
import type { StatusRow } from '../db/statuses.ts';
import { PUBLIC_PASSWORD_COST, hashPassword } from '../auth/password.ts';
import { hostOf } from '../views/html.ts';
import {
  ACCEPTED_LOCKED,
  DEMO_PASSWORD,
  RECOVERY_CODES,
  SEED_ACCOUNTS,
  SEED_EMOJI,
  SEED_FOLLOWS,
  TOTP_SECRET,
} from './accounts.ts';
import { planStatuses, planThread } from './content.ts';
import { avatarPng, emojiPng, headerPng, writeOnce } from './images.ts';
import { Random } from './random.ts';
import { seedAnnouncements } from './announcements.ts';
import { seedChats } from './chats.ts';
import { seedNotifications } from './notifications.ts';
import { seedReading, writeReadingMedia } from './reading.ts';

export interface DemoLogin {
  username: string;
  password: string;
  role: string;
  extra?: string;
}

const SEED_VERSION_KEY = 'seed_version';
const SEED_VERSION = '1';
const GENERAL_STATUS_COUNT = 260;
const DAY_MS = 86_400_000;
/** Seeded posts are spread over this many days before the moment of seeding. */
const SEED_SPAN_DAYS = 10;

const ROLE_LABELS: Record<string, string> = {
  admin: 'admin',
  moderator: 'moderator',
  member: 'member',
  locked: 'member (locked account)',
  totp: 'member (two-factor sign-in)',
};

export function demoLogins(): DemoLogin[] {
  return SEED_ACCOUNTS.filter((a) => a.role !== 'remote').map((a) => {
    const login: DemoLogin = {
      username: a.nickname,
      password: DEMO_PASSWORD,
      role: ROLE_LABELS[a.role] ?? a.role,
    };
    if (a.role === 'totp') {
      login.extra = `TOTP secret ${TOTP_SECRET}; recovery codes ${RECOVERY_CODES.join(' ')}`;
    }
    return login;
  });
}

export function isSeeded(ctx: ServerContext): boolean {
  return getSetting(ctx.db, SEED_VERSION_KEY) !== null;
}

/**
 * Writes the demo's images (avatars, headers, custom emoji, attached photos) unless they exist.
 * Separate from seedDemoData, which stays synchronous, because images are encoded off the
 * event loop: whoever seeds and serves the demo awaits this too.
 */
export async function writeDemoImages(ctx: ServerContext): Promise<void> {
  const media = join(ctx.dataDir, 'media');
  await Promise.all([
    ...SEED_ACCOUNTS.flatMap((account) => [
      writeOnce(join(media, 'avatars', `${account.nickname}.png`), () =>
        avatarPng(account.variant),
      ),
      writeOnce(join(media, 'headers', `${account.nickname}.png`), () =>
        headerPng(account.variant),
      ),
    ]),
    ...SEED_EMOJI.map((emoji) =>
      writeOnce(join(media, 'emoji', `${emoji.shortcode}.png`), () =>
        emojiPng(emoji.shape, emoji.variant),
      ),
    ),
    writeReadingMedia(media),
  ]);
}

/**
 * Adds the demo accounts, follows and posts once; later calls change nothing. Returns the logins
 * to print either way.
 */
export function seedDemoData(ctx: ServerContext): DemoLogin[] {
  if (isSeeded(ctx)) {
    seedReading(ctx);
    seedNotifications(ctx);
    seedChats(ctx);
    seedAnnouncements(ctx);
    return demoLogins();
  }
  const db = ctx.db;
  const host = hostOf(ctx.origin);
  const now = Date.now();
  const start = now - SEED_SPAN_DAYS * DAY_MS;
  const passwordHash = hashPassword(DEMO_PASSWORD, PUBLIC_PASSWORD_COST);

  db.transaction(() => {
    const insertEmoji = sql(
      db,
      'INSERT OR IGNORE INTO custom_emojis (shortcode, file_name, category) VALUES (?, ?, ?)',
    );
    for (const emoji of SEED_EMOJI)
      insertEmoji.run(emoji.shortcode, `${emoji.shortcode}.png`, 'Custom');

    const idOf = new Map<string, string>();
    SEED_ACCOUNTS.forEach((account, index) => {
      const acct = account.domain ? `${account.nickname}@${account.domain}` : account.nickname;
      const existing = findAccountByAcct(db, acct, host);
      if (existing) {
        idOf.set(acct, existing.id);
        return;
      }
      const createdAt = new Date(start - (40 - index) * DAY_MS).toISOString();
      const id = insertAccount(db, {
        id: idAt(Date.parse(createdAt)),
        nickname: account.nickname,
        domain: account.domain ?? null,
        displayName: account.displayName,
        passwordHash: account.domain ? null : passwordHash,
        email: account.domain ? null : `${account.nickname}@starling.local`,
        locked: account.role === 'locked',
        isAdmin: account.role === 'admin',
        isModerator: account.role === 'moderator',
        avatarPath: `avatars/${account.nickname}.png`,
        headerPath: `headers/${account.nickname}.png`,
        fields: account.fields ?? [],
        birthday: account.birthday ?? null,
        createdAt,
      });
      idOf.set(acct, id);
      // The demo birthdays are there to be seen.
      if (account.birthday) sql(db, 'UPDATE accounts SET show_birthday = 1 WHERE id = ?').run(id);
      if (account.role === 'totp') enableTotp(db, id, TOTP_SECRET, RECOVERY_CODES);
    });
    // Bios are formatted after every account exists, so their mentions resolve.
    for (const account of SEED_ACCOUNTS) {
      const id = idOf.get(
        account.domain ? `${account.nickname}@${account.domain}` : account.nickname,
      )!;
      sql(db, 'UPDATE accounts SET note_source = ?, note_html = ? WHERE id = ?').run(
        account.note,
        formatWithMentions(db, account.note, host).html,
        id,
      );
    }

    const followAt = new Date(start - DAY_MS).toISOString();
    for (const [from, to] of SEED_FOLLOWS)
      follow(db, idOf.get(from)!, idOf.get(to)!, { createdAt: followAt });
    for (const [from, to] of ACCEPTED_LOCKED) acceptFollow(db, idOf.get(from)!, idOf.get(to)!);

    const general = planStatuses(GENERAL_STATUS_COUNT);
    const plan = [...general, ...planThread(general.length)];
    const created: StatusRow[] = [];
    const step = (now - 60_000 - start) / plan.length;
    plan.forEach((planned, index) => {
      const at = Math.floor(start + index * step);
      const parent = planned.replyTo !== undefined ? created[planned.replyTo] : undefined;
      const result = composeStatus(
        db,
        {
          id: idAt(at),
          createdAt: new Date(at).toISOString(),
          accountId: idOf.get(planned.author)!,
          text: planned.text,
          spoilerText: planned.spoilerText,
          sensitive: Boolean(planned.spoilerText),
          visibility: planned.visibility,
          inReplyTo: parent ?? null,
          appName: planned.author.includes('@') ? null : 'Starling',
          appWebsite: null,
        },
        host,
      );
      created.push(result.status);
    });

    addInteractions(
      ctx,
      created,
      [...idOf.entries()].filter(([acct]) => !acct.includes('@')).map(([, id]) => id),
    );

    const intro = created.find(
      (s) => s.account_id === idOf.get('alice') && s.visibility === 'public',
    );
    if (intro) {
      sql(
        db,
        'INSERT OR IGNORE INTO status_pins (account_id, status_id, pinned_at) VALUES (?, ?, ?)',
      ).run(intro.account_id, intro.id, new Date(now - DAY_MS).toISOString());
    }
    setSetting(db, SEED_VERSION_KEY, SEED_VERSION);
  })();
  seedReading(ctx);
  seedNotifications(ctx);
  seedChats(ctx);
  seedAnnouncements(ctx);
  return demoLogins();
}

/** Favourites, bookmarks and emoji reactions on public posts, so counters show real numbers. */
function addInteractions(ctx: ServerContext, statuses: StatusRow[], localIds: string[]): void {
  const db = ctx.db;
  const random = new Random(7);
  const favourite = sql(
    db,
    'INSERT OR IGNORE INTO favourites (id, status_id, account_id, created_at) VALUES (?, ?, ?, ?)',
  );
  const react = sql(
    db,
    'INSERT OR IGNORE INTO emoji_reactions (status_id, account_id, emoji, created_at) VALUES (?, ?, ?, ?)',
  );
  const bookmark = sql(
    db,
    'INSERT OR IGNORE INTO bookmarks (id, account_id, status_id, created_at) VALUES (?, ?, ?, ?)',
  );
  for (const status of statuses) {
    if (status.visibility !== 'public') continue;
    const at = status.created_at;
    for (const accountId of localIds) {
      if (accountId === status.account_id) continue;
      if (random.chance(0.12)) favourite.run(newId(), status.id, accountId, at);
      if (random.chance(0.04))
        react.run(status.id, accountId, random.pick(['👍', '❤️', '😂', 'starling']), at);
      if (random.chance(0.02)) bookmark.run(newId(), accountId, status.id, at);
    }
  }
}
