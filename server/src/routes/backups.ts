import { createWriteStream, mkdirSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ZipFile } from 'yazl';
import type { ServerContext } from '../context.ts';
import { randomToken } from '../auth/random.ts';
import { requireUser } from '../auth/request.ts';
import { getAccount } from '../db/accounts.ts';
import { nowIso, sql } from '../db/index.ts';
import { ApiError, notFound } from '../errors.ts';
import { renderAccount } from '../views/account.ts';
import { RenderContext } from '../views/context.ts';

/**
 * Account backups (API notes §11): a zip of the account's profile, posts, follows, bookmarks and
 * favourites, written to the media folder under an unguessable name. Made at once (the local
 * instance is small), so a backup is listed as processed right after it is requested.
 */

const READ_BACKUPS = ['read:backups', 'read:accounts', 'read'];
const WRITE_BACKUPS = ['write:backups', 'write:accounts', 'write'];
/** Pleroma allows one backup a day; the local instance allows a few, for trying it out. */
const MAX_BACKUPS_PER_DAY = 5;

interface BackupRow {
  id: number;
  file_path: string;
  file_size: number;
  processed: number;
  processed_count: number;
  state: string;
  inserted_at: string;
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value, null, 2), 'utf8');

export async function backupRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const render = (row: BackupRow) => ({
    id: row.id,
    content_type: 'application/zip',
    file_size: row.file_size,
    inserted_at: row.inserted_at,
    processed: row.processed === 1,
    processed_number: row.processed_count,
    state: row.state,
    url: row.processed === 1 ? `${ctx.origin}/media/${row.file_path}` : '',
  });

  const list = (accountId: string) =>
    (
      sql(ctx.db, 'SELECT * FROM account_backups WHERE account_id = ? ORDER BY id DESC').all(
        accountId,
      ) as BackupRow[]
    ).map(render);

  app.get('/api/v1/pleroma/backups', async (request) => {
    const viewer = requireUser(ctx, request, READ_BACKUPS);
    return list(viewer.accountId);
  });

  app.post('/api/v1/pleroma/backups', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_BACKUPS);
    const account = getAccount(ctx.db, viewer.accountId);
    if (!account) throw notFound();
    const since = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
    const recent = sql(
      ctx.db,
      'SELECT count(*) AS n FROM account_backups WHERE account_id = ? AND inserted_at > ?',
    ).get(account.id, since) as { n: number };
    if (recent.n >= MAX_BACKUPS_PER_DAY) {
      throw new ApiError(400, 'Last export was less than a day ago');
    }
    const filePath = `backups/archive-${account.nickname}-${randomToken(12)}.zip`;
    const info = sql(
      ctx.db,
      "INSERT INTO account_backups (account_id, file_path, state, inserted_at) VALUES (?, ?, 'running', ?)",
    ).run(account.id, filePath, nowIso());
    const id = Number(info.lastInsertRowid);
    try {
      const statuses = sql(
        ctx.db,
        `SELECT id, created_at, visibility, content_source, content_html, spoiler_text, in_reply_to_id, reblog_of_id
         FROM statuses WHERE account_id = ? ORDER BY id`,
      ).all(account.id);
      const following = sql(
        ctx.db,
        `SELECT a.nickname, a.domain FROM follows f JOIN accounts a ON a.id = f.followee_id
         WHERE f.follower_id = ? AND f.state = 'accepted'`,
      ).all(account.id) as { nickname: string; domain: string | null }[];
      const bookmarks = sql(ctx.db, 'SELECT status_id FROM bookmarks WHERE account_id = ?').all(
        account.id,
      );
      const favourites = sql(ctx.db, 'SELECT status_id FROM favourites WHERE account_id = ?').all(
        account.id,
      );
      const archive = new ZipFile();
      const files: [string, unknown][] = [
        ['actor.json', renderAccount(new RenderContext(ctx, account.id), account)],
        ['outbox.json', statuses],
        [
          'following.json',
          following.map((f) => (f.domain ? `${f.nickname}@${f.domain}` : f.nickname)),
        ],
        ['bookmarks.json', bookmarks],
        ['likes.json', favourites],
      ];
      // Stored, not deflated: small JSON files any unzip tool opens; written to disk as they go.
      for (const [name, value] of files) archive.addBuffer(json(value), name, { compress: false });
      archive.end();
      const target = join(ctx.dataDir, 'media', filePath);
      mkdirSync(join(ctx.dataDir, 'media', 'backups'), { recursive: true });
      await pipeline(archive.outputStream, createWriteStream(target));
      const count = statuses.length + following.length + bookmarks.length + favourites.length;
      sql(
        ctx.db,
        "UPDATE account_backups SET state = 'complete', processed = 1, processed_count = ?, file_size = ? WHERE id = ?",
      ).run(count, statSync(target).size, id);
    } catch (error) {
      request.log.error(error, 'backup failed');
      sql(ctx.db, "UPDATE account_backups SET state = 'failed' WHERE id = ?").run(id);
    }
    return list(account.id);
  });
}
