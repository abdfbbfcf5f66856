import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import {
  FILTER_CONTEXTS,
  addFilterStatus,
  addKeyword,
  createFilter,
  deleteFilter,
  deleteFilterStatus,
  deleteKeyword,
  getFilter,
  getFilterStatus,
  getKeyword,
  listFilters,
  updateFilter,
  updateKeyword,
  type Filter,
  type FilterAction,
  type FilterContext,
  type FilterInput,
} from '../db/filters.ts';
import { canView, getStatus } from '../db/statuses.ts';
import { requireUser } from '../auth/request.ts';
import { notFound, unprocessable } from '../errors.ts';
import { applyFilters, renderFilter, renderFilterV1, renderKeyword } from '../views/filter.ts';
import { bool, paramsOf, str, strings, type Params } from './params.ts';

type IdParams = { Params: { id: string } };

const READ_FILTERS = ['read:filters'];
const WRITE_FILTERS = ['write:filters'];
const MAX_TITLE_CHARS = 256;
const MAX_KEYWORD_CHARS = 256;

function contextOf(params: Params, required: boolean): FilterContext[] | undefined {
  const values = strings(params, 'context');
  if (values.length === 0) {
    if (required) throw unprocessable('Missing field: context.');
    return undefined;
  }
  const unknown = values.find((v) => !(FILTER_CONTEXTS as readonly string[]).includes(v));
  if (unknown) throw unprocessable(`Invalid context: ${unknown}`);
  return [...new Set(values)] as FilterContext[];
}

/** expires_in seconds -> timestamp; empty means never; undefined when not given. */
function expiresAtOf(params: Params): string | null | undefined {
  if (!('expires_in' in params)) return undefined;
  const text = str(params.expires_in) ?? '';
  if (text === '' || params.expires_in === null) return null;
  if (!/^\d+$/.test(text)) throw unprocessable('Invalid expires_in');
  return new Date(Date.now() + Number(text) * 1000).toISOString();
}

function actionOf(params: Params): FilterAction | undefined {
  const value = str(params.filter_action);
  if (value === undefined) return undefined;
  if (value !== 'warn' && value !== 'hide') throw unprocessable('Invalid filter_action');
  return value;
}

function textField(value: unknown, name: string, max: number): string {
  const text = str(value)?.trim();
  if (!text) throw unprocessable(`Missing field: ${name}.`);
  if ([...text].length > max) throw unprocessable(`${name} is too long`);
  return text;
}

interface KeywordAttributes {
  id?: string;
  keyword?: string;
  wholeWord?: boolean;
  destroy: boolean;
}

/** keywords_attributes as JSON (array or object by index) or form keys ([0][keyword] or [][keyword]). */
function keywordAttributesOf(params: Params): KeywordAttributes[] {
  const value = params.keywords_attributes;
  let entries: Params[] = [];
  if (Array.isArray(value)) entries = value as Params[];
  else if (value && typeof value === 'object') entries = Object.values(value as Params) as Params[];
  else {
    const byIndex = new Map<string, Params>();
    const listed: Record<string, unknown[]> = {};
    for (const [key, v] of Object.entries(params)) {
      const indexed = /^keywords_attributes\[(\d+)\]\[(\w+)\]$/.exec(key);
      if (indexed) {
        const entry = byIndex.get(indexed[1]!) ?? {};
        entry[indexed[2]!] = v;
        byIndex.set(indexed[1]!, entry);
      }
      const list = /^keywords_attributes\[\]\[(\w+)\]$/.exec(key);
      if (list) listed[list[1]!] = Array.isArray(v) ? v : [v];
    }
    entries = [...byIndex.entries()].sort(([a], [b]) => Number(a) - Number(b)).map(([, e]) => e);
    const count = Math.max(0, ...Object.values(listed).map((l) => l.length));
    for (let i = 0; i < count; i++)
      entries.push(Object.fromEntries(Object.entries(listed).map(([k, l]) => [k, l[i]])));
  }
  return entries
    .filter((e) => e && typeof e === 'object')
    .map((e) => ({
      id: str(e.id),
      keyword: str(e.keyword)?.trim(),
      wholeWord: bool(e.whole_word, 'whole_word'),
      destroy: bool(e._destroy, '_destroy') ?? false,
    }));
}

export async function filterRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;

  const ownFilter = (accountId: string, id: string): Filter => {
    const filter = getFilter(db, accountId, id);
    if (!filter) throw notFound();
    return filter;
  };
  const reload = (accountId: string, id: number) => ownFilter(accountId, String(id));

  const applyKeywords = (filter: Filter, attributes: KeywordAttributes[]) => {
    for (const entry of attributes) {
      const existing = entry.id ? filter.keywords.find((k) => String(k.id) === entry.id) : null;
      if (entry.id && !existing) throw unprocessable(`Unknown keyword: ${entry.id}`);
      if (existing && entry.destroy) deleteKeyword(db, existing.id);
      else if (existing)
        updateKeyword(
          db,
          existing.id,
          entry.keyword ? textField(entry.keyword, 'keyword', MAX_KEYWORD_CHARS) : existing.keyword,
          entry.wholeWord ?? existing.whole_word === 1,
        );
      else if (!entry.destroy)
        addKeyword(
          db,
          filter.row.id,
          textField(entry.keyword, 'keyword', MAX_KEYWORD_CHARS),
          entry.wholeWord ?? true,
        );
    }
  };

  // Mastodon 4 (v2): filters with keywords and statuses.
  app.get('/api/v2/filters', async (request) => {
    const viewer = requireUser(ctx, request, READ_FILTERS);
    return listFilters(db, viewer.accountId).map(renderFilter);
  });

  app.post('/api/v2/filters', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_FILTERS);
    const params = paramsOf(request);
    const input: FilterInput = {
      title: textField(params.title, 'title', MAX_TITLE_CHARS),
      context: contextOf(params, true)!,
      action: actionOf(params) ?? 'warn',
      expiresAt: expiresAtOf(params) ?? null,
    };
    const keywords = keywordAttributesOf(params);
    const id = db.transaction(() => {
      const created = createFilter(db, viewer.accountId, input);
      applyKeywords(reload(viewer.accountId, created), keywords);
      return created;
    })();
    return renderFilter(reload(viewer.accountId, id));
  });

  app.get<IdParams>('/api/v2/filters/:id', async (request) => {
    const viewer = requireUser(ctx, request, READ_FILTERS);
    return renderFilter(ownFilter(viewer.accountId, request.params.id));
  });

  app.put<IdParams>('/api/v2/filters/:id', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_FILTERS);
    const filter = ownFilter(viewer.accountId, request.params.id);
    const params = paramsOf(request);
    const changes: Partial<FilterInput> = {
      title: params.title === undefined ? undefined : textField(params.title, 'title', 256),
      context: contextOf(params, false),
      action: actionOf(params),
      expiresAt: expiresAtOf(params),
    };
    const keywords = keywordAttributesOf(params);
    db.transaction(() => {
      updateFilter(db, filter.row.id, changes);
      applyKeywords(filter, keywords);
    })();
    return renderFilter(reload(viewer.accountId, filter.row.id));
  });

  app.delete<IdParams>('/api/v2/filters/:id', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_FILTERS);
    deleteFilter(db, ownFilter(viewer.accountId, request.params.id).row.id);
    return {};
  });

  app.get<IdParams>('/api/v2/filters/:id/keywords', async (request) => {
    const viewer = requireUser(ctx, request, READ_FILTERS);
    return ownFilter(viewer.accountId, request.params.id).keywords.map(renderKeyword);
  });

  app.post<IdParams>('/api/v2/filters/:id/keywords', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_FILTERS);
    const filter = ownFilter(viewer.accountId, request.params.id);
    const params = paramsOf(request);
    const id = addKeyword(
      db,
      filter.row.id,
      textField(params.keyword, 'keyword', MAX_KEYWORD_CHARS),
      bool(params.whole_word, 'whole_word') ?? true,
    );
    return renderKeyword(getKeyword(db, viewer.accountId, String(id))!.keyword);
  });

  const ownKeyword = (request: FastifyRequest<IdParams>, accountId: string) => {
    const found = getKeyword(db, accountId, request.params.id);
    if (!found) throw notFound();
    return found;
  };

  app.get<IdParams>('/api/v2/filters/keywords/:id', async (request) => {
    const viewer = requireUser(ctx, request, READ_FILTERS);
    return renderKeyword(ownKeyword(request, viewer.accountId).keyword);
  });

  app.put<IdParams>('/api/v2/filters/keywords/:id', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_FILTERS);
    const { keyword } = ownKeyword(request, viewer.accountId);
    const params = paramsOf(request);
    updateKeyword(
      db,
      keyword.id,
      params.keyword === undefined
        ? keyword.keyword
        : textField(params.keyword, 'keyword', MAX_KEYWORD_CHARS),
      bool(params.whole_word, 'whole_word') ?? keyword.whole_word === 1,
    );
    return renderKeyword(ownKeyword(request, viewer.accountId).keyword);
  });

  app.delete<IdParams>('/api/v2/filters/keywords/:id', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_FILTERS);
    deleteKeyword(db, ownKeyword(request, viewer.accountId).keyword.id);
    return {};
  });

  app.get<IdParams>('/api/v2/filters/:id/statuses', async (request) => {
    const viewer = requireUser(ctx, request, READ_FILTERS);
    return renderFilter(ownFilter(viewer.accountId, request.params.id)).statuses;
  });

  app.post<IdParams>('/api/v2/filters/:id/statuses', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_FILTERS);
    const filter = ownFilter(viewer.accountId, request.params.id);
    const statusId = str(paramsOf(request).status_id);
    const status = statusId ? getStatus(db, statusId) : undefined;
    if (!status || !canView(db, status, viewer.accountId)) throw notFound();
    const id = addFilterStatus(db, filter.row.id, status.id);
    return { id: String(id), status_id: status.id };
  });

  const ownFilterStatus = (request: FastifyRequest<IdParams>, accountId: string) => {
    const found = getFilterStatus(db, accountId, request.params.id);
    if (!found) throw notFound();
    return found.status;
  };

  app.get<IdParams>('/api/v2/filters/statuses/:id', async (request) => {
    const viewer = requireUser(ctx, request, READ_FILTERS);
    const row = ownFilterStatus(request, viewer.accountId);
    return { id: String(row.id), status_id: row.status_id };
  });

  app.delete<IdParams>('/api/v2/filters/statuses/:id', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_FILTERS);
    deleteFilterStatus(db, ownFilterStatus(request, viewer.accountId).id);
    return {};
  });

  // Mastodon 3 (v1): one phrase per filter; here each v1 filter is a keyword of a v2 filter.
  app.get('/api/v1/filters', async (request) => {
    const viewer = requireUser(ctx, request, READ_FILTERS);
    return listFilters(db, viewer.accountId).flatMap((filter) =>
      filter.keywords.map((keyword) => renderFilterV1(filter, keyword)),
    );
  });

  const v1InputOf = (params: Params, required: boolean) => ({
    phrase:
      params.phrase === undefined && !required
        ? undefined
        : textField(params.phrase, 'phrase', MAX_KEYWORD_CHARS),
    context: contextOf(params, required),
    irreversible: bool(params.irreversible, 'irreversible'),
    wholeWord: bool(params.whole_word, 'whole_word'),
    expiresAt: expiresAtOf(params),
  });

  app.post('/api/v1/filters', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_FILTERS);
    const input = v1InputOf(paramsOf(request), true);
    const keywordId = db.transaction(() => {
      const filterId = createFilter(db, viewer.accountId, {
        title: input.phrase!,
        context: input.context!,
        action: input.irreversible ? 'hide' : 'warn',
        expiresAt: input.expiresAt ?? null,
      });
      return addKeyword(db, filterId, input.phrase!, input.wholeWord ?? true);
    })();
    const found = getKeyword(db, viewer.accountId, String(keywordId))!;
    return renderFilterV1(found.filter, found.keyword);
  });

  app.get<IdParams>('/api/v1/filters/:id', async (request) => {
    const viewer = requireUser(ctx, request, READ_FILTERS);
    const found = ownKeyword(request, viewer.accountId);
    return renderFilterV1(found.filter, found.keyword);
  });

  app.put<IdParams>('/api/v1/filters/:id', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_FILTERS);
    const { filter, keyword } = ownKeyword(request, viewer.accountId);
    const input = v1InputOf(paramsOf(request), false);
    db.transaction(() => {
      updateKeyword(
        db,
        keyword.id,
        input.phrase ?? keyword.keyword,
        input.wholeWord ?? keyword.whole_word === 1,
      );
      updateFilter(db, filter.row.id, {
        title: filter.keywords.length === 1 ? input.phrase : undefined,
        context: input.context,
        action: input.irreversible === undefined ? undefined : input.irreversible ? 'hide' : 'warn',
        expiresAt: input.expiresAt,
      });
    })();
    const found = ownKeyword(request, viewer.accountId);
    return renderFilterV1(found.filter, found.keyword);
  });

  app.delete<IdParams>('/api/v1/filters/:id', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_FILTERS);
    const { filter, keyword } = ownKeyword(request, viewer.accountId);
    db.transaction(() => {
      if (filter.keywords.length === 1 && filter.statuses.length === 0)
        deleteFilter(db, filter.row.id);
      else deleteKeyword(db, keyword.id);
    })();
    return {};
  });
}

/** The viewer's filters applied to a page of rendered statuses (anonymous viewers have none). */
export function withFilters(
  ctx: ServerContext,
  viewerId: string | null,
  context: FilterContext,
  statuses: Record<string, unknown>[],
): Record<string, unknown>[] {
  return viewerId ? applyFilters(listFilters(ctx.db, viewerId), context, statuses) : statuses;
}
