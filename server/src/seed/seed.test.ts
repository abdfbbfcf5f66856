import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/index.ts';
import { totpCode } from '../auth/totp.ts';
import {
  bearer,
  makeTestApp,
  passwordToken,
  registerClient,
  type TestApp,
} from '../routes/test-helpers.ts';
import { addBulkStatuses } from './bulk.ts';
import { seedDemoData, writeDemoImages, type DemoLogin } from './index.ts';
import { DEMO_PASSWORD, TOTP_SECRET } from './accounts.ts';

let t: TestApp;
let logins: DemoLogin[];

const counts = (): Record<string, number> =>
  Object.fromEntries(
    [
      'accounts',
      'statuses',
      'follows',
      'home_feed',
      'notifications',
      'favourites',
      'custom_emojis',
      'status_tags',
    ].map((table) => [
      table,
      (sql(t.ctx.db, `SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
    ]),
  );

beforeAll(async () => {
  t = await makeTestApp();
  logins = seedDemoData(t.ctx);
  await writeDemoImages(t.ctx);
});
afterAll(async () => t.close());

describe('demo seed', () => {
  it('is idempotent and returns the same logins every time', () => {
    const before = counts();
    expect(seedDemoData(t.ctx)).toEqual(logins);
    expect(counts()).toEqual(before);
    expect(before.statuses).toBeGreaterThan(200);
    expect(before.custom_emojis).toBeGreaterThanOrEqual(5);
  });

  it('returns logins for every role, with the TOTP secret and recovery codes', () => {
    const roles = logins.map((l) => l.role);
    expect(roles).toEqual(expect.arrayContaining(['admin', 'moderator', 'member']));
    expect(logins.every((l) => l.password === DEMO_PASSWORD)).toBe(true);
    const totp = logins.find((l) => l.username === 'tessa')!;
    expect(totp.extra).toContain(TOTP_SECRET);
    expect(totp.extra).toContain('chirp-11111');
  });

  it('lets demo users sign in, and the TOTP user with a code', async () => {
    const token = await passwordToken(t.app, 'alice', { password: DEMO_PASSWORD });
    const home = await t.app.inject({ url: '/api/v1/timelines/home', headers: bearer(token) });
    expect(home.json()).toHaveLength(20);
    const client = await registerClient(t.app);
    const first = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', username: 'tessa', password: DEMO_PASSWORD, ...client },
    });
    expect(first.json().error).toBe('mfa_required');
    const second = await t.app.inject({
      method: 'POST',
      url: '/oauth/mfa/challenge',
      payload: {
        ...client,
        mfa_token: first.json().mfa_token,
        challenge_type: 'totp',
        code: totpCode(TOTP_SECRET),
      },
    });
    expect(second.statusCode).toBe(200);
  });

  it('covers every visibility, content warnings, emoji, a pending request and remote accounts', () => {
    const visibilities = sql(t.ctx.db, 'SELECT DISTINCT visibility FROM statuses').all() as {
      visibility: string;
    }[];
    expect(visibilities.map((v) => v.visibility).sort()).toEqual([
      'direct',
      'private',
      'public',
      'unlisted',
    ]);
    expect(
      (
        sql(t.ctx.db, "SELECT count(*) AS n FROM statuses WHERE spoiler_text != ''").get() as {
          n: number;
        }
      ).n,
    ).toBeGreaterThan(5);
    expect(
      (
        sql(t.ctx.db, "SELECT count(*) AS n FROM follows WHERE state = 'pending'").get() as {
          n: number;
        }
      ).n,
    ).toBeGreaterThan(0);
    expect(
      (sql(t.ctx.db, 'SELECT count(*) AS n FROM accounts WHERE local = 0').get() as { n: number })
        .n,
    ).toBeGreaterThanOrEqual(3);
    expect(
      (sql(t.ctx.db, 'SELECT count(*) AS n FROM accounts WHERE locked = 1').get() as { n: number })
        .n,
    ).toBe(1);
  });

  it('has a reply thread at least ten deep', () => {
    const depth = sql(
      t.ctx.db,
      `WITH RECURSIVE chain(id, depth) AS (
         SELECT id, 0 FROM statuses WHERE in_reply_to_id IS NULL
         UNION ALL SELECT s.id, chain.depth + 1 FROM statuses s JOIN chain ON s.in_reply_to_id = chain.id)
       SELECT max(depth) AS d FROM chain`,
    ).get() as { d: number };
    expect(depth.d).toBeGreaterThanOrEqual(10);
  });

  it('shows remote posts on the whole-network timeline only', async () => {
    const local = (
      await t.app.inject({ url: '/api/v1/timelines/public?local=true&limit=40' })
    ).json() as {
      account: { acct: string };
    }[];
    expect(local.every((s) => !s.account.acct.includes('@'))).toBe(true);
    const all = (await t.app.inject({ url: '/api/v1/timelines/public?limit=40' })).json() as {
      account: { acct: string };
    }[];
    expect(all.some((s) => s.account.acct.includes('@'))).toBe(true);
  });

  it('serves the generated images as valid PNGs', async () => {
    const me = (await t.app.inject({ url: '/api/v1/accounts/alice' })).json();
    const avatar = await t.app.inject({ url: new URL(me.avatar).pathname });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/png');
    expect(await sharp(avatar.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 96,
      height: 96,
    });
    const emoji = (await t.app.inject({ url: '/api/pleroma/emoji.json' })).json();
    expect(emoji.starling).toEqual({ image_url: '/emoji/custom/starling.png', tags: ['Custom'] });
    expect((await t.app.inject({ url: '/emoji/custom/starling.png' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/media/../starling.sqlite' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/media/%2e%2e/starling.sqlite' })).statusCode).toBe(404);
  });

  it('seeds polls, attachments, reblogs, reactions, lists, a muted bot, an edit and a report', async () => {
    const token = await passwordToken(t.app, 'alice', { password: DEMO_PASSWORD });
    const get = async (url: string) =>
      (await t.app.inject({ url, headers: bearer(token) })).json() as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const byText = (text: string) =>
      sql(t.ctx.db, 'SELECT id FROM statuses WHERE content_source LIKE ?').get(`${text}%`) as {
        id: string;
      };
    const mascot = await get(`/api/v1/statuses/${byText('Poll: which bird').id}`);
    expect(mascot.poll).toMatchObject({ multiple: false, voted: false, expired: false });
    expect(mascot.poll.votes_count).toBeGreaterThan(0);
    const feed = await get(`/api/v1/statuses/${byText('Poll (pick any)').id}`);
    expect(feed.poll).toMatchObject({ multiple: true, voted: true });
    const closed = await get(`/api/v1/statuses/${byText('Poll: best time').id}`);
    expect(closed.poll.expired).toBe(true);
    const gallery = await get(`/api/v1/statuses/${byText('Six starlings').id}`);
    expect(gallery.media_attachments).toHaveLength(6);
    expect(gallery.pleroma.emoji_reactions.map((r: { name: string }) => r.name)).toContain(
      'starling',
    );
    const owl = await get(`/api/v1/statuses/${byText('An owl stared').id}`);
    expect(owl).toMatchObject({ sensitive: true, spoiler_text: 'eye contact (owl photo)' });
    const notes = await get(`/api/v1/statuses/${byText('Field notes').id}`);
    expect(notes.media_attachments.map((m: { type: string }) => m.type)).toEqual([
      'image',
      'unknown',
    ]);
    for (const m of [...gallery.media_attachments, ...notes.media_attachments]) {
      const file = await t.app.inject({ url: new URL(m.url).pathname });
      expect(file.statusCode, m.url).toBe(200);
    }
    const photo = await t.app.inject({ url: new URL(gallery.media_attachments[0].url).pathname });
    expect((await sharp(photo.rawPayload).metadata()).format).toBe('png');

    const home = (await get('/api/v1/timelines/home?limit=40')) as unknown as Record<
      string,
      any // eslint-disable-line @typescript-eslint/no-explicit-any
    >[];
    expect(home.some((s) => s.reblog !== null)).toBe(true);
    const mutes = (await get('/api/v1/mutes')) as unknown as { acct: string; bot: boolean }[];
    expect(mutes).toEqual([expect.objectContaining({ acct: 'feedbot@news.example', bot: true })]);
    expect((await get('/api/v1/lists')) as unknown).toHaveLength(2);
    expect(
      ((await get('/api/v1/bookmarks')) as unknown as unknown[]).length,
    ).toBeGreaterThanOrEqual(3);
    const edited = await get(`/api/v1/statuses/${byText('Seen TWO goldfinches').id}/history`);
    expect(edited).toHaveLength(2);
    expect(
      (
        sql(t.ctx.db, "SELECT count(*) AS n FROM reports WHERE state = 'open'").get() as {
          n: number;
        }
      ).n,
    ).toBe(1);
  });

  it('adds bulk statuses with home-feed rows in one go', async () => {
    const before = counts();
    const started = performance.now();
    addBulkStatuses(t.ctx, 2000);
    expect(performance.now() - started).toBeLessThan(5000);
    const after = counts();
    expect(after.statuses! - before.statuses!).toBe(2000);
    expect(after.home_feed).toBeGreaterThan(before.home_feed! + 2000);
    const token = await passwordToken(t.app, 'alice', { password: DEMO_PASSWORD });
    const home = (
      await t.app.inject({ url: '/api/v1/timelines/home', headers: bearer(token) })
    ).json();
    expect(home[0].content).toMatch(/^Bulk post number/);
  });
});
