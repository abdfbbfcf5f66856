import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { findAccountByIdOrNickname, getAccount, hasPrivilege } from '../db/accounts.ts';
import { sql } from '../db/index.ts';
import {
  getReport,
  insertReport,
  REPORT_STATES,
  setReportState,
  type ReportRow,
  type ReportState,
} from '../db/reports.ts';
import { canView, getStatus } from '../db/statuses.ts';
import { requireUser, type Viewer } from '../auth/request.ts';
import { ApiError, badRequest, notFound } from '../errors.ts';
import { RenderContext } from '../views/context.ts';
import { hostOf } from '../views/html.ts';
import { renderAdminReport, renderReport } from '../views/report.ts';
import { bodyOf, bool, paramsOf, queryOf, str, strings } from './params.ts';
import { publishNotifications } from './publish.ts';

type IdParams = { Params: { id: string } };

const WRITE_REPORTS = ['write:reports'];
const ADMIN_READ_REPORTS = ['admin:read:reports'];
const ADMIN_WRITE_REPORTS = ['admin:write:reports'];
/** Pleroma's :instance max_report_comment_size default. */
export const MAX_REPORT_COMMENT_CHARS = 1000;
const ADMIN_PAGE_SIZE = 50;

function positiveInt(value: unknown, name: string, fallback: number): number {
  const text = str(value);
  if (text === undefined || text === '') return fallback;
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1)
    throw badRequest(`${name}: Invalid integer. Got: ${text}`);
  return Number(text);
}

export async function reportRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;
  const host = hostOf(ctx.origin);

  app.post('/api/v1/reports', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_REPORTS);
    const params = paramsOf(request);
    const accountId = str(params.account_id);
    if (!accountId) throw badRequest('Missing field: account_id.');
    const target = findAccountByIdOrNickname(db, accountId, host);
    if (!target) throw badRequest('Account not found');
    const comment = str(params.comment) ?? '';
    if ([...comment].length > MAX_REPORT_COMMENT_CHARS)
      throw badRequest(`Comment must be up to ${MAX_REPORT_COMMENT_CHARS} characters`);
    // Statuses that are not the reported account's, or that the reporter cannot see, are dropped.
    const statusIds = [...new Set(strings(params, 'status_ids'))].filter((id) => {
      const status = getStatus(db, id);
      return status && status.account_id === target.id && canView(db, status, viewer.accountId);
    });
    const { report, notifications } = insertReport(db, {
      accountId: viewer.accountId,
      targetId: target.id,
      comment,
      forward: bool(params.forward, 'forward') ?? false,
      statusIds,
    });
    publishNotifications(ctx, notifications);
    return renderReport(new RenderContext(ctx, viewer.accountId), report);
  });

  const staff = (request: FastifyRequest, scopes: string[]): Viewer => {
    const viewer = requireUser(ctx, request, scopes);
    const account = getAccount(db, viewer.accountId);
    if (!account || !hasPrivilege(account, 'reports_manage_reports'))
      throw new ApiError(403, 'User is not a staff member.');
    return viewer;
  };

  app.get('/api/v1/pleroma/admin/reports', async (request) => {
    const viewer = staff(request, ADMIN_READ_REPORTS);
    const query = queryOf(request);
    const state = str(query.state);
    if (state !== undefined && !(REPORT_STATES as readonly string[]).includes(state))
      throw badRequest(`state: Invalid value. Got: ${state}`);
    const pageSize = Math.min(
      positiveInt(query.page_size ?? query.limit, 'page_size', ADMIN_PAGE_SIZE),
      500,
    );
    const page = positiveInt(query.page, 'page', 1);
    const where = state ? 'WHERE state = ?' : '';
    const args = state ? [state] : [];
    const total = (
      sql(db, `SELECT count(*) AS n FROM reports ${where}`).get(...args) as { n: number }
    ).n;
    const rows = sql(db, `SELECT * FROM reports ${where} ORDER BY id DESC LIMIT ? OFFSET ?`).all(
      ...args,
      pageSize,
      (page - 1) * pageSize,
    ) as ReportRow[];
    const rc = new RenderContext(ctx, viewer.accountId);
    return { total, reports: rows.map((r) => renderAdminReport(rc, r)) };
  });

  app.get<IdParams>('/api/v1/pleroma/admin/reports/:id', async (request) => {
    const viewer = staff(request, ADMIN_READ_REPORTS);
    const report = getReport(db, request.params.id);
    if (!report) throw notFound();
    return renderAdminReport(new RenderContext(ctx, viewer.accountId), report);
  });

  app.patch('/api/v1/pleroma/admin/reports', async (request, reply) => {
    staff(request, ADMIN_WRITE_REPORTS);
    const raw = bodyOf(request).reports;
    if (!Array.isArray(raw)) throw badRequest('Missing field: reports.');
    const errors: { id: string; error: string }[] = [];
    db.transaction(() => {
      for (const item of raw as unknown[]) {
        const entry = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
        const id = str(entry.id) ?? '';
        const state = str(entry.state) ?? '';
        if (!(REPORT_STATES as readonly string[]).includes(state))
          errors.push({ id, error: 'Unsupported state' });
        else if (!setReportState(db, id, state as ReportState))
          errors.push({ id, error: 'Record not found' });
      }
    })();
    if (errors.length > 0) return reply.status(400).send(errors);
    return reply.status(204).send();
  });
}
