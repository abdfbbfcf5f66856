import type { FastifyRequest } from 'fastify';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from '../db/idempotency.ts';
import { pollProblem, type PollInput } from '../db/polls.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { isPostFormat, type PostFormat } from '../views/formats/index.ts';
import { POLL_LIMITS } from './constants.ts';
import { bool, str, strings, type Params } from './params.ts';

/** Reading the parameters of a create or edit request (shape only; see post-status.ts for checks). */

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
}

/**
 * The poll of a create or edit request: `poll[options][]`, `poll[expires_in]`, `poll[multiple]`
 * (form) or `{"poll": {"options", "expires_in", "multiple"}}` (JSON). undefined when there is none.
 */
export function pollParams(params: Params): PollInput | undefined {
  const nested =
    params.poll && typeof params.poll === 'object' && !Array.isArray(params.poll)
      ? (params.poll as Params)
      : null;
  const rawOptions = nested
    ? (nested.options ?? nested['options[]'])
    : (params['poll[options][]'] ?? params['poll[options]']);
  const rawExpires = nested ? nested.expires_in : params['poll[expires_in]'];
  const rawMultiple = nested ? nested.multiple : params['poll[multiple]'];
  if (!nested && rawOptions === undefined && rawExpires === undefined) return undefined;
  const options = listOf(rawOptions).map((o) => {
    if (typeof o !== 'string' && typeof o !== 'number') throw badRequest('poll: Invalid options.');
    return String(o);
  });
  if (options.length === 0) throw badRequest('Missing field: poll[options].');
  const expiresText = str(rawExpires);
  if (expiresText === undefined || !/^\d+$/.test(expiresText.trim()))
    throw badRequest(`poll: Invalid expires_in. Got: ${String(expiresText)}`);
  return {
    options,
    expiresIn: Number(expiresText),
    multiple: bool(rawMultiple, 'poll[multiple]') ?? false,
  };
}

export function checkedPoll(params: Params): PollInput | undefined {
  const poll = pollParams(params);
  if (poll) {
    const problem = pollProblem(poll, POLL_LIMITS);
    if (problem) throw unprocessable(problem);
  }
  return poll;
}

/** media_ids[] as given, or undefined when the request does not mention them. */
export function mediaIdsOf(params: Params): string[] | undefined {
  if (params['media_ids[]'] === undefined && params.media_ids === undefined) return undefined;
  return strings(params, 'media_ids');
}

/** `content_type` of a create or edit request; undefined when not given. */
export function contentTypeOf(params: Params): PostFormat | undefined {
  const value = str(params.content_type);
  if (value === undefined || value === '') return undefined;
  if (!isPostFormat(value)) throw unprocessable(`Invalid content_type: ${value}`);
  return value;
}

export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || key === '') return null;
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) throw unprocessable('Idempotency-Key is too long');
  return key;
}
