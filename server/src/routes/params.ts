import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';
import type { PageRequest } from '../db/timelines.ts';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './constants.ts';

export type Params = Record<string, unknown>;

/** The request body as an object (JSON or form); anything else is an empty object. */
export function bodyOf(request: FastifyRequest): Params {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Params) : {};
}

export function queryOf(request: FastifyRequest): Params {
  const query = request.query;
  return query && typeof query === 'object' ? (query as Params) : {};
}

/** Body fields override query fields, as Phoenix merges them. */
export function paramsOf(request: FastifyRequest): Params {
  return { ...queryOf(request), ...bodyOf(request) };
}

export function str(value: unknown): string | undefined {
  if (Array.isArray(value)) return str(value[0]);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

const TRUE = new Set(['true', '1', 'on', 'yes', 't']);
const FALSE = new Set(['false', '0', 'off', 'no', 'f', '']);

export function bool(value: unknown, name = 'parameter'): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  const text = str(value)?.toLowerCase();
  if (text === undefined) throw badRequest(`${name}: Invalid boolean.`);
  if (TRUE.has(text)) return true;
  if (FALSE.has(text)) return false;
  throw badRequest(`${name}: Invalid boolean. Got: ${text}`);
}

/** `id[]=a&id[]=b`, `id=a&id=b` and `id=a` all give ['a', 'b'] / ['a']. */
export function strings(params: Params, name: string): string[] {
  const raw = params[`${name}[]`] ?? params[name];
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list.map((v) => str(v)).filter((v): v is string => typeof v === 'string' && v.length > 0);
}

function integer(value: unknown, name: string): number | undefined {
  const text = str(value);
  if (text === undefined || text === '') return undefined;
  if (!/^-?\d+$/.test(text.trim())) throw badRequest(`${name}: Invalid integer. Got: ${text}`);
  return Number(text);
}

function idParam(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = str(value);
  if (text === undefined || text.length > 64) throw badRequest(`${name}: Invalid id.`);
  return text;
}

export function pageOf(
  params: Params,
  defaultLimit = PAGE_SIZE,
  maxLimit = MAX_PAGE_SIZE,
): PageRequest {
  const limit = integer(params.limit, 'limit') ?? defaultLimit;
  return {
    limit: Math.min(Math.max(limit, 1), maxLimit),
    maxId: idParam(params.max_id, 'max_id'),
    sinceId: idParam(params.since_id, 'since_id'),
    minId: idParam(params.min_id, 'min_id'),
  };
}

const PAGING_KEYS = new Set(['max_id', 'since_id', 'min_id']);

/**
 * Mastodon's Link header: the request's own query minus the id parameters, plus max_id=<last>
 * (rel="next") and min_id=<first> (rel="prev"). Null for an empty page.
 */
export function linkHeader(
  request: FastifyRequest,
  origin: string,
  firstId?: string,
  lastId?: string,
): string | null {
  if (!firstId || !lastId) return null;
  const url = request.raw.url ?? request.url;
  const questionMark = url.indexOf('?');
  const path = questionMark < 0 ? url : url.slice(0, questionMark);
  const kept = new URLSearchParams(questionMark < 0 ? '' : url.slice(questionMark + 1));
  for (const key of [...kept.keys()]) if (PAGING_KEYS.has(key)) kept.delete(key);
  const build = (key: string, value: string) => {
    const query = new URLSearchParams(kept);
    query.append(key, value);
    return `${origin}${path}?${query.toString()}`;
  };
  return `<${build('max_id', lastId)}>; rel="next", <${build('min_id', firstId)}>; rel="prev"`;
}
