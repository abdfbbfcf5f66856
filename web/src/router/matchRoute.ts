import { ROUTES, type RouteDefinition } from './routeTable.ts';

export interface RouteMatch {
  route: RouteDefinition;
  params: Record<string, string>;
  query: URLSearchParams;
}

/** What every routed screen receives: the matched route with its parameters and query. */
export interface ScreenProps {
  match: RouteMatch;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const expected = segmentsOf(pattern);
  const actual = segmentsOf(pathname);
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of expected.entries()) {
    const value = decode(actual[index] ?? '');
    if (value === null) return null;
    if (part.startsWith(':')) params[part.slice(1)] = value;
    else if (part !== value) return null;
  }
  return params;
}

/** Splits `/remote-users/@name@host` or `name@host` into its parts; null when it is not an acct. */
export function parseRemoteAcct(acct: string): { username: string; hostname: string } | null {
  const match = /^@?([^@/]+)@([^@/]+)$/.exec(acct);
  return match ? { username: match[1] as string, hostname: match[2] as string } : null;
}

/** The route for a path, or null (the not-found screen). */
export function matchRoute(pathname: string, search = ''): RouteMatch | null {
  const query = new URLSearchParams(search);
  for (const route of ROUTES) {
    const params = matchPattern(route.path, pathname);
    if (!params) continue;
    if (route.name === 'remote-user-profile-acct') {
      const acct = parseRemoteAcct(params.acct ?? '');
      if (!acct) continue;
      Object.assign(params, acct);
    }
    return { route, params, query };
  }
  return null;
}

/** Builds a path for a named route, e.g. pathFor('conversation', { id: '1' }) → /notice/1. */
export function pathFor(
  name: string,
  params: Record<string, string> = {},
  query?: Record<string, string>,
): string {
  const route = ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`unknown route ${name}`);
  const path =
    '/' +
    segmentsOf(route.path)
      .map((part) =>
        part.startsWith(':') ? encodeURIComponent(params[part.slice(1)] ?? '') : part,
      )
      .join('/');
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}
