import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import {
  activeAnnouncements,
  allAnnouncements,
  deleteAnnouncement,
  getAnnouncement,
  insertAnnouncement,
  markAnnouncementRead,
  readAnnouncementIds,
  updateAnnouncement,
  type AnnouncementInput,
  type AnnouncementRow,
} from '../db/announcements.ts';
import { getAccount, hasPrivilege } from '../db/accounts.ts';
import { optionalUser, requireUser } from '../auth/request.ts';
import { ApiError, badRequest, notFound, unprocessable } from '../errors.ts';
import { renderAnnouncement } from '../views/announcement.ts';
import { RenderContext } from '../views/context.ts';
import { MAX_STATUS_CHARS } from './constants.ts';
import { bool, paramsOf, queryOf, str, type Params } from './params.ts';

type IdParams = { Params: { id: string } };

const READ = ['read:accounts'];
const WRITE = ['write:accounts'];
const ADMIN_READ = ['admin:read'];
const ADMIN_WRITE = ['admin:write'];
const PRIVILEGE = 'announcements_manage_announcements';
const ADMIN_PAGE_SIZE = 20;
const MAX_ADMIN_PAGE_SIZE = 200;

/**
 * A time parameter: absent → undefined (left as it is), null or empty → null (open-ended),
 * otherwise an ISO time, stored in UTC. Pleroma documents its times without a zone: such a
 * time is read as UTC, as Pleroma means it.
 */
function timeParam(params: Params, name: string): string | null | undefined {
  if (!(name in params)) return undefined;
  const raw = params[name];
  if (raw === null) return null;
  const text = str(raw)?.trim();
  if (text === undefined) throw badRequest(`${name}: Invalid date-time.`);
  if (text === '') return null;
  const zoned = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text) ? `${text}Z` : text;
  const time = Date.parse(zoned);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(time))
    throw badRequest(`${name}: Invalid date-time. Got: ${text}`);
  return new Date(time).toISOString();
}

function countParam(params: Params, name: string, fallback: number): number {
  const text = str(params[name])?.trim();
  if (text === undefined || text === '') return fallback;
  if (!/^\d+$/.test(text)) throw badRequest(`${name}: Invalid integer. Got: ${text}`);
  return Number(text);
}

function contentOf(params: Params): string | undefined {
  if (!('content' in params)) return undefined;
  const content = str(params.content) ?? '';
  if (!content.trim()) throw unprocessable("Validation failed: Content can't be blank");
  if ([...content].length > MAX_STATUS_CHARS)
    throw unprocessable(`Validation failed: Content is too long (maximum is ${MAX_STATUS_CHARS})`);
  return content;
}

/** The fields a create or an update names; the others stay undefined. */
function changesOf(request: FastifyRequest): Partial<AnnouncementInput> {
  const params = paramsOf(request);
  const changes: Partial<AnnouncementInput> = {};
  const content = contentOf(params);
  if (content !== undefined) changes.content = content;
  const startsAt = timeParam(params, 'starts_at');
  if (startsAt !== undefined) changes.startsAt = startsAt;
  const endsAt = timeParam(params, 'ends_at');
  if (endsAt !== undefined) changes.endsAt = endsAt;
  const allDay = bool(params.all_day, 'all_day');
  if (allDay !== undefined) changes.allDay = allDay;
  return changes;
}

function checkDates(startsAt: string | null, endsAt: string | null): void {
  if (startsAt !== null && endsAt !== null && endsAt < startsAt)
    throw unprocessable('Validation failed: ends_at must not be before starts_at');
}

/**
 * Announcements (API notes §3): the Mastodon-compatible user side, with read state per user, and
 * Pleroma's admin side for holders of the announcements_manage_announcements privilege (admins);
 * everybody else gets 403. A Mastodon-flavoured instance keeps the user side only (flavour.ts
 * answers 404 for Pleroma's paths).
 */
export async function announcementRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;

  const manager = (request: FastifyRequest, scopes: string[]): string => {
    const viewer = requireUser(ctx, request, scopes);
    const account = getAccount(db, viewer.accountId);
    if (!account || account.deactivated || !hasPrivilege(account, PRIVILEGE))
      throw new ApiError(403, 'User is not a staff member.');
    return viewer.accountId;
  };

  const existing = (request: FastifyRequest<IdParams>): AnnouncementRow => {
    const row = getAnnouncement(db, request.params.id);
    if (!row) throw notFound();
    return row;
  };

  /** Renders rows for `viewerId` (read state included), or without read state for nobody. */
  const render = (rows: AnnouncementRow[], viewerId: string | null) => {
    const rc = new RenderContext(ctx, viewerId);
    const read = viewerId ? readAnnouncementIds(db, viewerId) : null;
    return rows.map((row) => renderAnnouncement(rc, row, read ? read.has(row.id) : null));
  };
  const renderOne = (row: AnnouncementRow, viewerId: string) => render([row], viewerId)[0]!;

  app.get('/api/v1/announcements', async (request) => {
    const viewer = optionalUser(ctx, request, READ);
    return render(activeAnnouncements(db), viewer?.accountId ?? null);
  });

  app.post<IdParams>('/api/v1/announcements/:id/dismiss', async (request) => {
    const viewer = requireUser(ctx, request, WRITE);
    markAnnouncementRead(db, existing(request).id, viewer.accountId);
    return {};
  });

  app.get('/api/v1/pleroma/admin/announcements', async (request) => {
    const viewerId = manager(request, ADMIN_READ);
    const query = queryOf(request);
    const limit = Math.min(countParam(query, 'limit', ADMIN_PAGE_SIZE), MAX_ADMIN_PAGE_SIZE);
    return render(allAnnouncements(db, limit, countParam(query, 'offset', 0)), viewerId);
  });

  app.get<IdParams>('/api/v1/pleroma/admin/announcements/:id', async (request) => {
    const viewerId = manager(request, ADMIN_READ);
    return renderOne(existing(request), viewerId);
  });

  app.post('/api/v1/pleroma/admin/announcements', async (request) => {
    const viewerId = manager(request, ADMIN_WRITE);
    const changes = changesOf(request);
    if (changes.content === undefined) throw badRequest('Missing field: content.');
    const input: AnnouncementInput = {
      content: changes.content,
      startsAt: changes.startsAt ?? null,
      endsAt: changes.endsAt ?? null,
      allDay: changes.allDay ?? false,
    };
    checkDates(input.startsAt, input.endsAt);
    return renderOne(insertAnnouncement(db, input), viewerId);
  });

  app.patch<IdParams>('/api/v1/pleroma/admin/announcements/:id', async (request) => {
    const viewerId = manager(request, ADMIN_WRITE);
    const row = existing(request);
    const changes = changesOf(request);
    checkDates(
      changes.startsAt !== undefined ? changes.startsAt : row.starts_at,
      changes.endsAt !== undefined ? changes.endsAt : row.ends_at,
    );
    return renderOne(updateAnnouncement(db, row, changes), viewerId);
  });

  app.delete<IdParams>('/api/v1/pleroma/admin/announcements/:id', async (request) => {
    manager(request, ADMIN_WRITE);
    deleteAnnouncement(db, existing(request).id);
    return {};
  });
}
