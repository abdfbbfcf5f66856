import { ApiError, type ApiClient } from './client.ts';
import { parseCaptcha } from './schemas/accountExtras.ts';
import { parseOAuthToken } from './schemas/oauth.ts';

/**
 * Signing up and resetting a password (spec part 1, §7 Accounts and OAuth): the captcha, the
 * registration call and the reset mail. Server JSON is read here and nowhere else.
 */

/** A captcha to show as an image with an answer field, or none at all. */
export type CaptchaChallenge =
  | { kind: 'none' }
  | {
      kind: 'image';
      /** 'native' or 'kocaptcha'. */
      type: string;
      token: string;
      /** The picture: a data: URI (native) or an address (kocaptcha). */
      url: string;
      /** Sent back as it came (the answer's hash or the encrypted answer). */
      answerData: string;
      secondsValid: number | null;
    };

const NO_CAPTCHA: CaptchaChallenge = { kind: 'none' };
const IMAGE_CAPTCHAS = new Set(['native', 'kocaptcha']);

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** What GET /api/pleroma/captcha says; any type but the two image ones is read as none. */
export function readCaptcha(data: unknown): CaptchaChallenge {
  const captcha = parseCaptcha(data);
  if (!captcha || !IMAGE_CAPTCHAS.has(captcha.type) || !captcha.url) return NO_CAPTCHA;
  return {
    kind: 'image',
    type: captcha.type,
    token: captcha.token ?? '',
    url: captcha.url,
    answerData: captcha.answerData ?? '',
    secondsValid: captcha.secondsValid,
  };
}

/** Pleroma's captcha. Servers without one (Mastodon: 404) are the caller's to read as none. */
export async function fetchCaptcha(client: ApiClient): Promise<CaptchaChallenge> {
  const response = await client.get('/api/pleroma/captcha', { anonymous: true });
  return readCaptcha(response.data);
}

/** The body of POST /api/v1/accounts (the fields of the spec's Registration user). */
export interface RegistrationRequest {
  username: string;
  fullname: string;
  email: string;
  bio: string;
  password: string;
  confirm: string;
  locale: string;
  /** YYYY-MM-DD; left out when empty. */
  birthday?: string;
  /** Why the person wants to join (instances that approve accounts); left out when empty. */
  reason?: string;
  /** The invitation (/registration/:token); left out when there is none. */
  inviteToken?: string;
  captcha?: { solution: string; token: string; answerData: string };
}

export type RegistrationAnswer =
  | { kind: 'token'; accessToken: string }
  /** Registered, but not signed in: `identifier` says why (awaiting_approval...). */
  | { kind: 'registered'; identifier: string; message: string };

export function registrationBody(request: RegistrationRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    username: request.username,
    nickname: request.username,
    fullname: request.fullname,
    email: request.email,
    bio: request.bio,
    password: request.password,
    confirm: request.confirm,
    agreement: true,
    locale: request.locale,
  };
  if (request.birthday) body.birthday = request.birthday;
  if (request.reason) body.reason = request.reason;
  if (request.inviteToken) body.token = request.inviteToken;
  if (request.captcha) {
    body.captcha_solution = request.captcha.solution;
    body.captcha_token = request.captcha.token;
    body.captcha_answer_data = request.captcha.answerData;
  }
  return body;
}

/**
 * POST /api/v1/accounts, with an app token as the client's bearer. Failures arrive as ApiError;
 * `registrationErrors` reads their body.
 */
export async function registerAccount(
  client: ApiClient,
  request: RegistrationRequest,
): Promise<RegistrationAnswer> {
  const response = await client.post('/api/v1/accounts', { body: registrationBody(request) });
  const raw = record(response.data);
  if (raw && 'access_token' in raw) {
    const token = parseOAuthToken(raw);
    if (token) return { kind: 'token', accessToken: token.accessToken };
  } else if (raw && (text(raw.identifier) || text(raw.message))) {
    return { kind: 'registered', identifier: text(raw.identifier), message: text(raw.message) };
  }
  throw new ApiError('Unreadable registration answer', response.status, response.data, 'invalid');
}

/** One field's complaints (`field` null: about the whole form), as the server worded them. */
export interface ServerFieldErrors {
  field: string | null;
  messages: string[];
}

function messagesOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items
    .map((item) => {
      if (typeof item === 'string') return item.trim();
      // Mastodon: {error: 'ERR_TAKEN', description: 'is already taken'}; a bare code says nothing.
      return text(record(item)?.description).trim();
    })
    .filter(Boolean);
}

function fieldErrors(errors: Record<string, unknown>): ServerFieldErrors[] {
  return Object.entries(errors)
    .map(([field, value]) => ({ field, messages: messagesOf(value) }))
    .filter((entry) => entry.messages.length > 0);
}

/** A string that holds a JSON object (Pleroma sends its field errors this way). */
function jsonObject(value: string): Record<string, unknown> | null {
  if (!value.trim().startsWith('{')) return null;
  try {
    return record(JSON.parse(value));
  } catch {
    return null;
  }
}

/**
 * A failed registration's complaints. Pleroma: `{"error": "<JSON of {field: [messages]}>"}`, at
 * times `error` already an object or a plain sentence; Mastodon: `{"error": "Validation failed",
 * "details": {field: [{error, description}]}}`. Empty when the body says nothing readable.
 */
export function registrationErrors(body: unknown): ServerFieldErrors[] {
  const raw = record(body);
  if (!raw) {
    const sentence = typeof body === 'string' ? body.trim() : '';
    return sentence && sentence.length < 300 && !sentence.includes('<')
      ? [{ field: null, messages: [sentence] }]
      : [];
  }
  const details = record(raw.details);
  if (details) {
    const listed = fieldErrors(details);
    if (listed.length > 0) return listed;
  }
  const error = raw.error;
  const object = record(error) ?? (typeof error === 'string' ? jsonObject(error) : null);
  if (object) return fieldErrors(object);
  const sentence = text(error).trim();
  return sentence ? [{ field: null, messages: [sentence] }] : [];
}

/**
 * POST /auth/password with the address as a query parameter: the server mails a reset link
 * (Pleroma answers 204, and 429 when asked too often). No token is needed.
 */
export async function requestPasswordReset(client: ApiClient, email: string): Promise<void> {
  await client.post('/auth/password', { query: { email }, anonymous: true });
}
