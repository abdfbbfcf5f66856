import { writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerContext } from '../context.ts';
import { findAccountByAcct, insertAccount } from '../db/accounts.ts';
import { composeStatus } from '../db/compose.ts';
import { editStatus } from '../db/edits.ts';
import { follow } from '../db/follows.ts';
import { getSetting, setSetting, sql } from '../db/index.ts';
import { idAt } from '../db/ids.ts';
import { bookmark, favourite, react, reblog } from '../db/interactions.ts';
import { addListMembers, createList } from '../db/lists.ts';
import { insertMedia, type MediaType } from '../db/media.ts';
import { insertPoll } from '../db/polls.ts';
import { mute } from '../db/relations.ts';
import { insertReport } from '../db/reports.ts';
import { getStatus, type StatusRow, type Visibility } from '../db/statuses.ts';
import { hostOf } from '../views/html.ts';
import { avatarPng, headerPng, photoPng, writeOnce } from './images.ts';
import { tinySwf } from './swf.ts';

/**
 * Demo content for reading: polls, attachments, reblogs, reactions, a bot alice mutes, lists, an
 * edited post and a report. Runs once per data folder (also on folders seeded before it existed).
 */
const READING_SEED_KEY = 'seed_reading_version';
const READING_SEED_VERSION = '1';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const BOT = {
  nickname: 'feedbot',
  domain: 'news.example',
  displayName: 'Bird News Bot',
  note: 'Automated: one bird fact a day from news.example. Beep.',
  variant: 13,
};

const PHOTO_COUNT = 8;
const PHOTO_SIZES: [number, number][] = [
  [480, 320],
  [320, 427],
  [480, 270],
  [360, 360],
];
const FIELD_NOTES = `Field notes, early morning
- 06:10 two starlings on the aerial
- 06:25 blackbird, loud
- 06:40 a heron flew over, slowly
`;

const FLASH_PATH = 'attachments/starling-flash.swf';

function photoPath(index: number, small: boolean): string {
  return `attachments/photo-${index}${small ? '-small' : ''}.png`;
}

/** The photos, the text file and the bot's images the reading seed's posts point at. */
export async function writeReadingMedia(mediaDir: string): Promise<void> {
  const notes = join(mediaDir, 'attachments', 'field-notes.txt');
  if (!existsSync(notes)) {
    mkdirSync(join(mediaDir, 'attachments'), { recursive: true });
    writeFileSync(notes, FIELD_NOTES);
  }
  await Promise.all([
    writeOnce(join(mediaDir, FLASH_PATH), async () => tinySwf()),
    ...Array.from({ length: PHOTO_COUNT }, (_, i) => {
      const [w, h] = PHOTO_SIZES[i % PHOTO_SIZES.length]!;
      return [
        writeOnce(join(mediaDir, photoPath(i, false)), () => photoPng(i, w, h)),
        writeOnce(join(mediaDir, photoPath(i, true)), () =>
          photoPng(i, Math.round(w / 2), Math.round(h / 2)),
        ),
      ];
    }).flat(),
    writeOnce(join(mediaDir, 'avatars', `${BOT.nickname}.png`), () => avatarPng(BOT.variant)),
    writeOnce(join(mediaDir, 'headers', `${BOT.nickname}.png`), () => headerPng(BOT.variant)),
  ]);
}

function photoMeta(index: number): Record<string, unknown> {
  const [w, h] = PHOTO_SIZES[index % PHOTO_SIZES.length]!;
  const sw = Math.round(w / 2);
  const sh = Math.round(h / 2);
  return {
    original: { width: w, height: h, size: `${w}x${h}`, aspect: w / h },
    small: { width: sw, height: sh, size: `${sw}x${sh}`, aspect: sw / sh },
  };
}

interface PlannedMedia {
  photo?: number;
  text?: boolean;
  flash?: boolean;
  description?: string | null;
}

interface PlannedPost {
  key: string;
  author: string;
  text: string;
  ago: number;
  visibility?: Visibility;
  spoilerText?: string;
  sensitive?: boolean;
  media?: PlannedMedia[];
  poll?: {
    options: string[];
    multiple?: boolean;
    expiresIn: number;
    votes: [string, number[]][];
  };
}

const LONG_TEXT = [
  'A long one about sea birds, because the weather kept me indoors all day.',
  'Gannets dive from thirty metres and fold their wings at the last moment. They have air sacs in their face and chest that cushion the impact, which is the most reassuring anatomical fact I have learned this year.',
  'Puffins carry a dozen sand eels crosswise in their beaks. The trick is a spiny tongue that pins the catch against the roof of the mouth while the beak opens for the next fish.',
  'Fulmars defend their nests by spitting a foul-smelling oil. Ringers wear old clothes. Very old clothes.',
  'Kittiwakes are the only gulls that nest on sheer cliff ledges, and their chicks instinctively sit still facing the wall. Chicks of ground-nesting gulls wander about; kittiwake chicks that wandered did not become kittiwakes.',
  'Storm petrels patter on the water with their feet while they feed, which is where the name comes from: little Peters, walking on the sea.',
  'Anyway. The rain has stopped. Going out to look at some actual birds now. #birds #seabirds',
].join('\n\n');

const POSTS: PlannedPost[] = [
  {
    key: 'pollMascot',
    author: 'bob',
    text: 'Poll: which bird should be our instance mascot? #birds',
    ago: 5 * HOUR_MS,
    poll: {
      options: ['Starling', 'Heron', 'Crow', 'Sparrow'],
      expiresIn: 3 * DAY_MS,
      votes: [
        ['carol', [0]],
        ['dave', [2]],
        ['erin', [0]],
        ['admin', [1]],
        ['moderator', [0]],
      ],
    },
  },
  {
    key: 'pollFeed',
    author: 'carol',
    text: 'Poll (pick any): what do you put out for the birds?',
    ago: 4.5 * HOUR_MS,
    poll: {
      options: ['Seeds', 'Suet', 'Mealworms', 'Fruit'],
      multiple: true,
      expiresIn: DAY_MS,
      votes: [
        ['bob', [0, 1]],
        ['dave', [0, 3]],
        ['alice', [0, 2]],
      ],
    },
  },
  {
    key: 'pollBirdsong',
    author: 'dave',
    text: 'Poll: best time for birdsong? (closed now, thanks for voting)',
    ago: 3 * DAY_MS,
    poll: {
      options: ['Dawn', 'Dusk', 'Midnight'],
      expiresIn: DAY_MS,
      votes: [
        ['alice', [0]],
        ['bob', [0]],
        ['carol', [1]],
        ['erin', [0]],
      ],
    },
  },
  {
    key: 'pollAlice',
    author: 'alice',
    text: 'My own poll: coffee or tea while birdwatching?',
    ago: 4 * HOUR_MS,
    poll: {
      options: ['Coffee', 'Tea', 'Both, obviously'],
      expiresIn: 12 * HOUR_MS,
      votes: [
        ['bob', [0]],
        ['carol', [2]],
      ],
    },
  },
  {
    key: 'pollEmoji',
    author: 'erin',
    text: 'Poll with emoji: pick a mood :starling:',
    ago: 3.5 * HOUR_MS,
    poll: {
      options: [':starling: flocking', ':moonbeam: roosting', ':raindrop: sheltering'],
      expiresIn: 2 * DAY_MS,
      votes: [['dave', [1]]],
    },
  },
  {
    key: 'moon',
    author: 'carol',
    text: 'Moon over the marsh last night. :moonbeam: #photography',
    ago: 3 * HOUR_MS,
    media: [{ photo: 0, description: 'A pale moon above dark reeds and low hills' }],
  },
  {
    key: 'sea',
    author: 'erin',
    text: 'Two views of the same grey sea. #birds',
    ago: 2.8 * HOUR_MS,
    media: [{ photo: 1, description: 'Grey sea under a cloudy sky' }, { photo: 2 }],
  },
  {
    key: 'garden',
    author: 'bob',
    text: 'Garden update: three beds, zero weeds (lies). #gardening',
    ago: 2.6 * HOUR_MS,
    media: [
      { photo: 3, description: 'Raised bed with seedlings' },
      { photo: 4, description: 'Compost heap, glorious' },
      { photo: 5, description: 'Bird bath, empty' },
    ],
  },
  {
    key: 'owl',
    author: 'carol',
    text: 'An owl stared at me for a full minute. Four photos.',
    ago: 2.4 * HOUR_MS,
    spoilerText: 'eye contact (owl photo)',
    sensitive: true,
    media: [
      { photo: 6, description: 'Owl, staring' },
      { photo: 7, description: 'Owl, still staring' },
      { photo: 0, description: 'Owl, closer' },
      { photo: 1, description: 'Owl, leaving' },
    ],
  },
  {
    key: 'gallery',
    author: 'admin',
    text: 'Six starlings, six photos: a gallery to try the media viewer with. #starling',
    ago: 2.2 * HOUR_MS,
    media: [0, 1, 2, 3, 4, 5].map((photo) => ({
      photo,
      description: `Starling number ${photo + 1}`,
    })),
  },
  {
    key: 'flashToy',
    author: 'erin',
    text: 'Found my old Flash animation from school. Press play!',
    ago: 6 * HOUR_MS,
    media: [{ flash: true, description: 'A tiny Flash animation' }],
  },
  {
    key: 'fieldNotes',
    author: 'dave',
    text: 'Field notes from this morning, with the raw text file attached.',
    ago: 2 * HOUR_MS,
    media: [
      { photo: 2, description: 'Dawn over the field' },
      { text: true, description: null },
    ],
  },
  {
    key: 'heronFog',
    author: 'heron@birds.example',
    text: 'Heron in the fog.',
    ago: 1.8 * HOUR_MS,
    sensitive: true,
    media: [{ photo: 6, description: 'A grey shape in grey fog' }],
  },
  {
    key: 'longText',
    author: 'erin',
    text: LONG_TEXT,
    ago: 1.6 * HOUR_MS,
  },
  {
    key: 'link',
    author: 'dave',
    text: 'Great read on murmurations: https://example.org/articles/murmurations-explained worth it.',
    ago: 1.4 * HOUR_MS,
  },
  {
    key: 'bot1',
    author: `${BOT.nickname}@${BOT.domain}`,
    text: 'Daily bird fact: starlings can imitate more than twenty other species. https://news.example/facts/1',
    ago: 26 * HOUR_MS,
  },
  {
    key: 'bot2',
    author: `${BOT.nickname}@${BOT.domain}`,
    text: 'Daily bird fact: a group of starlings is called a murmuration. https://news.example/facts/2',
    ago: 1.2 * HOUR_MS,
  },
  {
    key: 'goldfinch',
    author: 'alice',
    text: 'Seen a goldfinch today!',
    ago: 1 * HOUR_MS,
  },
];

/** Adds the reading demo content once. Call inside or outside a transaction. */
export function seedReading(ctx: ServerContext): void {
  const db = ctx.db;
  if (getSetting(db, READING_SEED_KEY) !== null) return;
  const host = hostOf(ctx.origin);
  const now = Date.now();

  db.transaction(() => {
    const idOf = (acct: string): string => {
      const account = findAccountByAcct(db, acct, host);
      if (!account) throw new Error(`seed: no account ${acct}`);
      return account.id;
    };
    const botAcct = `${BOT.nickname}@${BOT.domain}`;
    if (!findAccountByAcct(db, botAcct, host)) {
      insertAccount(db, {
        id: idAt(now - 60 * DAY_MS),
        nickname: BOT.nickname,
        domain: BOT.domain,
        displayName: BOT.displayName,
        note: BOT.note,
        bot: true,
        avatarPath: `avatars/${BOT.nickname}.png`,
        headerPath: `headers/${BOT.nickname}.png`,
        createdAt: new Date(now - 60 * DAY_MS).toISOString(),
      });
      sql(db, "UPDATE accounts SET note_html = ?, actor_type = 'Service' WHERE id = ?").run(
        BOT.note,
        idOf(botAcct),
      );
      follow(db, idOf('dave'), idOf(botAcct));
    }

    const posts = new Map<string, StatusRow>();
    for (const planned of POSTS) {
      const at = now - planned.ago;
      const createdAt = new Date(at).toISOString();
      const result = composeStatus(
        db,
        {
          id: idAt(at),
          createdAt,
          accountId: idOf(planned.author),
          text: planned.text,
          spoilerText: planned.spoilerText ?? '',
          sensitive: planned.sensitive ?? false,
          visibility: planned.visibility ?? 'public',
          appName: planned.author.includes('@') ? null : 'Starling',
        },
        host,
      );
      const status = result.status;
      planned.media?.forEach((item, position) => {
        const common = {
          accountId: status.account_id,
          statusId: status.id,
          position,
          description: item.description ?? null,
          createdAt,
          remoteUrl: planned.author.includes('@')
            ? `https://${planned.author.split('@')[1]}/media/${status.id}-${position}.png`
            : null,
        };
        if (item.flash) {
          insertMedia(db, {
            ...common,
            type: 'unknown' as MediaType,
            filePath: FLASH_PATH,
            previewPath: null,
            mimeType: 'application/x-shockwave-flash',
          });
        } else if (item.text) {
          insertMedia(db, {
            ...common,
            type: 'unknown' as MediaType,
            filePath: 'attachments/field-notes.txt',
            previewPath: null,
            mimeType: 'text/plain',
          });
        } else {
          const photo = item.photo ?? 0;
          insertMedia(db, {
            ...common,
            type: 'image',
            filePath: photoPath(photo, false),
            previewPath: photoPath(photo, true),
            mimeType: 'image/png',
            meta: photoMeta(photo),
          });
        }
      });
      if (planned.poll) {
        const poll = insertPoll(
          db,
          status.id,
          {
            options: planned.poll.options,
            multiple: planned.poll.multiple ?? false,
            expiresIn: Math.round(planned.poll.expiresIn / 1000),
          },
          createdAt,
        );
        const vote = sql(
          db,
          'INSERT OR IGNORE INTO poll_votes (poll_id, account_id, choice, created_at) VALUES (?, ?, ?, ?)',
        );
        for (const [voter, choices] of planned.poll.votes)
          for (const choice of choices) vote.run(poll.id, idOf(voter), choice, createdAt);
      }
      posts.set(planned.key, getStatus(db, status.id)!);
    }
    const post = (key: string) => posts.get(key)!;

    // Favourites, bookmarks, reactions (unicode and custom) and reblogs between demo accounts.
    const favourites: [string, string][] = [
      ['alice', 'moon'],
      ['alice', 'gallery'],
      ['alice', 'pollMascot'],
      ['bob', 'gallery'],
      ['bob', 'pollAlice'],
      ['carol', 'garden'],
      ['dave', 'longText'],
      ['erin', 'owl'],
    ];
    for (const [who, key] of favourites) favourite(db, idOf(who), post(key));
    for (const key of ['owl', 'longText', 'link']) bookmark(db, idOf('alice'), post(key));
    const reactions: [string, string, string][] = [
      ['bob', 'moon', '🔥'],
      ['alice', 'moon', '😍'],
      ['carol', 'gallery', 'starling'],
      ['dave', 'gallery', '❤️'],
      ['alice', 'gallery', 'starling'],
      ['erin', 'pollAlice', 'featherheart'],
      ['bob', 'longText', '👀'],
    ];
    for (const [who, key, emoji] of reactions) react(db, idOf(who), post(key), emoji);
    const reblogs: [string, string][] = [
      ['bob', 'moon'],
      ['carol', 'gallery'],
      ['alice', 'pollMascot'],
      ['erin', 'pollAlice'],
    ];
    reblogs.forEach(([who, key], index) => {
      const at = now - (30 - index) * 60_000;
      reblog(db, idOf(who), post(key), 'public', new Date(at).toISOString(), idAt(at));
    });

    // alice mutes the bot (so muted statuses are hidden, or shown with with_muted=true).
    mute(db, idOf('alice'), idOf(botAcct), { notifications: true, expiresIn: 0 });

    // alice's lists.
    const close = createList(db, idOf('alice'), 'Close flock', idAt(now - 2 * DAY_MS));
    addListMembers(db, close.id, [idOf('bob'), idOf('carol')]);
    const far = createList(db, idOf('alice'), 'Staff and far away', idAt(now - 2 * DAY_MS));
    addListMembers(db, far.id, [idOf('admin'), idOf('kestrel@elsewhere.example')]);

    // An edited post, with history.
    editStatus(
      db,
      post('goldfinch'),
      {
        text: 'Seen TWO goldfinches today! (edited: there were two)',
        spoilerText: '',
        sensitive: false,
        at: new Date(now - 0.5 * HOUR_MS).toISOString(),
      },
      host,
    );

    // An open report for the moderators.
    insertReport(db, {
      accountId: idOf('erin'),
      targetId: idOf(botAcct),
      comment: 'Posts the same kind of fact every day; is this allowed?',
      forward: false,
      statusIds: [post('bot2').id],
      createdAt: new Date(now - 0.8 * HOUR_MS).toISOString(),
    });

    setSetting(db, READING_SEED_KEY, READING_SEED_VERSION);
  })();
}
