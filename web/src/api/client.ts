import { parseLinkHeader, type LinkPages } from './link.ts';
import { takeEarlyResponse } from '../boot/earlyRequests.ts';
import { errorMessage } from '../lib/errorMessage.ts';

export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export type ApiErrorKind = 'http' | 'network' | 'invalid';

/** Every failure of a call: HTTP errors carry the server's status and body; network ones status 0. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly kind: ApiErrorKind;

  constructor(message: string, status: number, body: unknown, kind: ApiErrorKind) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.kind = kind;
  }
}

export interface RequestOptions {
  query?: Query;
  /** JSON by default; sent as is when URLSearchParams or FormData. */
  body?: unknown;
  /** Send a plain-object body as application/x-www-form-urlencoded (OAuth calls). */
  form?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Read the answer as text (HTML panels, terms of service). */
  text?: boolean;
  /** Leave the bearer token out (OAuth token calls, other origins). */
  anonymous?: boolean;
}

export interface ApiResponse {
  /** Raw JSON (or text): for the resource modules to parse, never to leave api/. */
  data: unknown;
  status: number;
  headers: Headers;
  link: LinkPages;
}

export interface ApiClientOptions {
  baseUrl?: string;
  getToken: () => string | null;
  fetchImpl?: typeof fetch;
  /** Called with the bearer token of any call the server answered 401 (revoked or expired). */
  onUnauthorized?: (token: string) => void;
  /** Told after each call whether the server answered at all (false: the network failed). */
  onReachable?: (answered: boolean) => void;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Call = (path: string, options?: RequestOptions) => Promise<ApiResponse>;

export interface ApiClient {
  baseUrl: string;
  get: Call;
  post: Call;
  put: Call;
  patch: Call;
  delete: Call;
  /** Absolute URL for a path and query (browser redirects such as /oauth/authorize). */
  url: (path: string, query?: Query) => string;
  /**
   * For calls made outside the client (XHR uploads): the Authorization header to send, and the
   * report to make when the answer is 401.
   */
  authorize: () => { headers: Record<string, string>; unauthorized(): void };
}

function appendParams(params: URLSearchParams, values: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const name = key.endsWith('[]') ? key : `${key}[]`;
      for (const item of value) params.append(name, String(item));
    } else if (typeof value === 'object') {
      params.append(key, JSON.stringify(value));
    } else {
      params.append(key, String(value));
    }
  }
}

export function buildQuery(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  appendParams(params, query);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function toFormBody(values: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  appendParams(params, values);
  return params;
}

export function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The server's own error text: the `error` field of a JSON error body. */
function jsonErrorOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || !('error' in body)) return undefined;
  const error = (body as { error: unknown }).error;
  return typeof error === 'string' && error ? error : undefined;
}

/** What the server said about a failed call in its own words, if it said anything readable. */
export function serverErrorText(error: unknown): string | undefined {
  return error instanceof ApiError ? jsonErrorOf(error.body) : undefined;
}

/** Markup, such as a gateway's error page: never shown to a person as a message. */
const LOOKS_LIKE_HTML = /<[a-z!/][^>]*>/i;

export function responseErrorMessage(body: unknown, status: number, statusText: string): string {
  const jsonError = jsonErrorOf(body);
  if (jsonError) return jsonError;
  if (typeof body === 'string' && body.trim() && body.length < 300 && !LOOKS_LIKE_HTML.test(body))
    return body.trim();
  return statusText || `HTTP ${status}`;
}

const HTTP_UNAUTHORIZED = 401;

export function createApiClient({
  baseUrl = '',
  getToken,
  fetchImpl,
  onUnauthorized,
  onReachable,
}: ApiClientOptions): ApiClient {
  const base = baseUrl.replace(/\/+$/, '');
  const url = (path: string, query?: Query) =>
    `${/^https?:/.test(path) ? path : base + path}${buildQuery(query)}`;

  async function request(
    method: Method,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse> {
    const doFetch = fetchImpl ?? globalThis.fetch.bind(globalThis);
    const headers: Record<string, string> = {
      Accept: options.text ? 'text/html, text/plain, */*' : 'application/json',
    };
    const token = options.anonymous ? null : getToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    let body: BodyInit | undefined;
    const raw = options.body;
    if (raw instanceof FormData || raw instanceof URLSearchParams) {
      body = raw;
    } else if (raw !== undefined && options.form) {
      body = toFormBody(raw as Record<string, unknown>);
    } else if (raw !== undefined) {
      body = JSON.stringify(raw);
      headers['Content-Type'] = 'application/json';
    }
    Object.assign(headers, options.headers);

    let response: Response;
    const target = url(path, options.query);
    const early =
      method === 'GET' && !fetchImpl && !options.signal ? takeEarlyResponse(target, token) : null;
    try {
      response = await (early ??
        doFetch(target, {
          method,
          headers,
          body,
          signal: options.signal,
        }));
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      onReachable?.(false);
      const message = errorMessage(cause);
      throw new ApiError(message || 'Network error', 0, null, 'network');
    }

    onReachable?.(true);
    let text: string;
    try {
      text = await response.text();
    } catch (cause) {
      throw new ApiError(
        cause instanceof Error ? cause.message : 'Network error',
        0,
        null,
        'network',
      );
    }
    const data = options.text && response.ok ? text : parseBody(text);
    if (response.status === HTTP_UNAUTHORIZED && token) onUnauthorized?.(token);
    if (!response.ok) {
      throw new ApiError(
        responseErrorMessage(data, response.status, response.statusText),
        response.status,
        data,
        'http',
      );
    }
    return {
      data,
      status: response.status,
      headers: response.headers,
      link: parseLinkHeader(response.headers.get('Link')),
    };
  }

  return {
    baseUrl: base,
    url,
    authorize: () => {
      const token = getToken();
      const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
      return {
        headers,
        unauthorized: () => {
          if (token) onUnauthorized?.(token);
        },
      };
    },
    get: (path, options) => request('GET', path, options),
    post: (path, options) => request('POST', path, options),
    put: (path, options) => request('PUT', path, options),
    patch: (path, options) => request('PATCH', path, options),
    delete: (path, options) => request('DELETE', path, options),
  };
}

/** For resource functions: a parse result the caller cannot do without. */
export function expectEntity<T>(value: T | null, entity: string, response: ApiResponse): T {
  if (value === null) {
    throw new ApiError(
      `Unreadable ${entity} from server`,
      response.status,
      response.data,
      'invalid',
    );
  }
  return value;
}

export type { Page, PageParams, LinkPages } from './link.ts';
export { parseLinkHeader } from './link.ts';
