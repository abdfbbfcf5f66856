import type { FastifyRequest } from 'fastify';
import type { AuthenticatedToken, ServerContext } from '../context.ts';
import { ApiError, INVALID_TOKEN, USER_REQUIRED, unauthorized } from '../errors.ts';
import { anyScopeGranted } from './scopes.ts';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    if (match) return match[1]!.trim();
  }
  const query = request.query as Record<string, unknown> | undefined;
  if (query && typeof query.access_token === 'string' && query.access_token)
    return query.access_token;
  return null;
}

function checkScopes(token: AuthenticatedToken, scopes: readonly string[]): void {
  if (scopes.length > 0 && !anyScopeGranted(token.scopes, scopes)) {
    throw new ApiError(403, `Insufficient permissions: ${scopes.join(' | ')}.`);
  }
}

export interface Viewer {
  accountId: string;
  scopes: string[];
}

/**
 * For endpoints that need a signed-in user. `scopes` are alternatives: any one suffices
 * (e.g. ['write:follows', 'follow']).
 */
export function requireUser(
  ctx: ServerContext,
  request: FastifyRequest,
  scopes: readonly string[],
): Viewer {
  const raw = bearerToken(request);
  if (!raw) throw unauthorized(INVALID_TOKEN);
  const token = ctx.authenticate(raw);
  if (!token) throw unauthorized(INVALID_TOKEN);
  checkScopes(token, scopes);
  if (!token.accountId) throw new ApiError(403, USER_REQUIRED);
  return { accountId: token.accountId, scopes: token.scopes };
}

/**
 * For endpoints anonymous visitors may use. A token that is sent must still be valid (a revoked
 * token is refused, not silently ignored) and must carry the scope.
 */
export function optionalUser(
  ctx: ServerContext,
  request: FastifyRequest,
  scopes: readonly string[],
): Viewer | null {
  const raw = bearerToken(request);
  if (!raw) return null;
  const token = ctx.authenticate(raw);
  if (!token) throw unauthorized(INVALID_TOKEN);
  checkScopes(token, scopes);
  return token.accountId ? { accountId: token.accountId, scopes: token.scopes } : null;
}
