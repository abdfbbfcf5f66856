import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { bearerToken } from '../auth/request.ts';
import { hashPassword } from '../auth/password.ts';
import { getAccount, insertAccount, type AccountRow } from '../db/accounts.ts';
import { formatWithMentions } from '../db/compose.ts';
import { sql } from '../db/index.ts';
import { findLiveToken, getAppById, issueToken } from '../db/oauth.ts';
import {
  createEmailToken,
  findEmailToken,
  findInvite,
  inviteValid,
  useEmailTokens,
  useInvite,
  type InviteRow,
} from '../db/registration.ts';
import { parseScopes } from '../auth/scopes.ts';
import { ApiError, notFound } from '../errors.ts';
import { checkCaptcha, newCaptcha } from '../registration/captcha.ts';
import { readOutbox, sendMail } from '../registration/outbox.ts';
import { RateLimiter } from '../registration/rate-limit.ts';
import {
  approvalRequired,
  birthdayRequired,
  registrationsOpen,
  type RegistrationSettings,
} from '../registration/settings.ts';
import { renderToken } from '../views/app.ts';
import { escapeHtml, hostOf } from '../views/html.ts';
import { INSTANCE_TITLE, MAX_BIO_CHARS, MAX_DISPLAY_NAME_CHARS } from './constants.ts';
import { RESTRICTED_NICKNAMES } from './instance-info.ts';
import { PAGE_HEADERS, page } from './oauth-authorize.ts';
import { bool, paramsOf, queryOf, str, type Params } from './params.ts';

/**
 * Signing up (issue 24), as Pleroma: GET /api/v1/pleroma/captcha (and the legacy /api/pleroma/
 * path), POST /api/v1/accounts with an app's token, the e-mail confirmation link, and the test
 * hooks the journeys read captcha answers and mails through (STARLING_TEST_HOOKS=1 only).
 */

export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const EMAIL_MAX = 254;
export const REASON_MAX = 500;
/** How long an e-mail confirmation link works. */
export const CONFIRMATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export const REGISTRATIONS_CLOSED = 'Registrations are closed';
export const INVALID_INVITE = 'Invalid token';
export const EXPIRED_INVITE = 'Expired token';
export const AWAITING_APPROVAL_MESSAGE =
  "You have been registered. You'll be able to log in once your account is approved.";
export const CHECK_EMAIL_MESSAGE =
  'You have been registered. Please check your email for further instructions.';

const USERNAME_PATTERN = /^[a-zA-Z0-9_]+$/;
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export type FieldErrors = Record<string, string[]>;

/** The fields of a sign-up, as Pleroma-FE and Mastodon clients send them. */
interface Registration {
  username: string;
  fullname: string;
  email: string;
  bio: string;
  password: string;
  birthday: string;
  reason: string;
  token: string;
  agreement: boolean;
}

const text = (value: unknown) => str(value) ?? '';

function readRegistration(params: Params): Registration {
  let agreement = false;
  try {
    agreement = bool(params.agreement, 'agreement') ?? false;
  } catch {
    agreement = false;
  }
  return {
    username: (str(params.username) ?? text(params.nickname)).trim(),
    fullname: text(params.fullname ?? params.display_name).trim(),
    email: text(params.email).trim(),
    bio: text(params.bio),
    password: text(params.password),
    birthday: text(params.birthday ?? params.date_of_birth).trim(),
    reason: text(params.reason).trim(),
    token: text(params.token ?? params.invite_code).trim(),
    agreement,
  };
}

/** A YYYY-MM-DD date that exists, as its day number since 1970; null otherwise. */
function dayNumber(date: string): number | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const back = new Date(time);
  if (back.getUTCFullYear() !== Number(match[1]) || back.getUTCMonth() !== Number(match[2]) - 1)
    return null;
  return Math.floor(time / 86_400_000);
}

/** Pleroma's changeset errors for a sign-up (field -> messages), empty when it may go ahead. */
export function validateRegistration(
  ctx: ServerContext,
  input: Registration,
  now = Date.now(),
): FieldErrors {
  const settings = ctx.registration;
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const db = ctx.db;

  if (!input.username) add('nickname', "can't be blank");
  else if (!USERNAME_PATTERN.test(input.username)) add('nickname', 'has invalid format');
  else if (input.username.length > USERNAME_MAX)
    add('nickname', `should be at most ${USERNAME_MAX} character(s)`);
  else if (RESTRICTED_NICKNAMES.some((name) => name.toLowerCase() === input.username.toLowerCase()))
    add('nickname', 'Invalid nickname');
  else if (
    sql(db, 'SELECT 1 FROM accounts WHERE domain IS NULL AND lower(nickname) = lower(?)').get(
      input.username,
    )
  )
    // Pleroma's unique index on the actor id is the one a taken nickname trips.
    add('ap_id', 'has already been taken');

  if (!input.email) {
    if (settings.activationRequired) add('email', "can't be blank");
  } else if (input.email.length > EMAIL_MAX || !EMAIL_PATTERN.test(input.email)) {
    add('email', 'has invalid format');
  } else if (
    sql(db, 'SELECT 1 FROM accounts WHERE email IS NOT NULL AND lower(email) = lower(?)').get(
      input.email,
    )
  ) {
    add('email', 'has already been taken');
  }

  if (!input.password) add('password', "can't be blank");
  else if (input.password.length < PASSWORD_MIN)
    add('password', `should be at least ${PASSWORD_MIN} character(s)`);
  else if (input.password.length > PASSWORD_MAX)
    add('password', `should be at most ${PASSWORD_MAX} character(s)`);

  if (input.fullname.length > MAX_DISPLAY_NAME_CHARS)
    add('name', `should be at most ${MAX_DISPLAY_NAME_CHARS} character(s)`);
  if (input.bio.length > MAX_BIO_CHARS)
    add('bio', `should be at most ${MAX_BIO_CHARS} character(s)`);

  if (!input.birthday) {
    if (birthdayRequired(settings)) add('birthday', "can't be blank");
  } else {
    const day = dayNumber(input.birthday);
    if (day === null) add('birthday', 'is invalid');
    // On or before today minus the minimum age (in days, as Pleroma counts it).
    else if (Math.floor(now / 86_400_000) - day < settings.birthdayMinAge)
      add('birthday', 'Invalid age');
  }

  if (!input.reason) {
    if (approvalRequired(settings)) add('reason', "can't be blank");
  } else if (input.reason.length > REASON_MAX) {
    add('reason', `should be at most ${REASON_MAX} character(s)`);
  }

  if (ctx.flavour === 'mastodon' && !input.agreement) add('agreement', 'must be accepted');
  return errors;
}

/** Mastodon's names and codes for the same errors (a Mastodon server answers 422 with these). */
const MASTODON_FIELDS: Record<string, string> = {
  nickname: 'username',
  ap_id: 'username',
  name: 'display_name',
  birthday: 'date_of_birth',
};
function mastodonCode(message: string): string {
  if (message === "can't be blank") return 'ERR_BLANK';
  if (message === 'has already been taken') return 'ERR_TAKEN';
  if (message === 'Invalid nickname') return 'ERR_RESERVED';
  if (message === 'must be accepted') return 'ERR_ACCEPTED';
  if (message === 'Invalid age') return 'ERR_BELOW_LIMIT';
  if (message.startsWith('should be at most')) return 'ERR_TOO_LONG';
  if (message.startsWith('should be at least')) return 'ERR_TOO_SHORT';
  return 'ERR_INVALID';
}

/**
 * The answer to refused fields: Pleroma's 400 whose `error` is the JSON text of the field map
 * (as Pleroma-FE reads it, `JSON.parse(error)`), or on the mastodon flavour Mastodon's 422 with
 * `details`.
 */
export function fieldErrors(ctx: ServerContext, errors: FieldErrors): ApiError {
  if (ctx.flavour !== 'mastodon') return new ApiError(400, JSON.stringify(errors));
  const details: Record<string, { error: string; description: string }[]> = {};
  const sentences: string[] = [];
  for (const [field, messages] of Object.entries(errors)) {
    const name = MASTODON_FIELDS[field] ?? field;
    for (const message of messages) {
      (details[name] ??= []).push({ error: mastodonCode(message), description: message });
      const label = name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' ');
      sentences.push(`${label} ${message}`);
    }
  }
  return new ApiError(422, `Validation failed: ${sentences.join(', ')}`, { details });
}

/** Captcha answers kept for the test hook, per instance (only with STARLING_TEST_HOOKS=1). */
const testAnswers = new WeakMap<
  ServerContext,
  Map<string, { answer: string; expiresAt: number }>
>();

function rememberAnswer(ctx: ServerContext, token: string, answer: string, expiresAt: number) {
  let answers = testAnswers.get(ctx);
  if (!answers) testAnswers.set(ctx, (answers = new Map()));
  const now = Date.now();
  for (const [key, entry] of answers) if (entry.expiresAt <= now) answers.delete(key);
  answers.set(token, { answer, expiresAt });
}

export function sendConfirmationMail(ctx: ServerContext, account: AccountRow): void {
  if (!account.email) return;
  const token = createEmailToken(ctx.db, account.id, 'confirm_email', CONFIRMATION_LIFETIME_MS);
  const link = `${ctx.origin}/api/account/confirm_email/${encodeURIComponent(account.id)}/${token}`;
  sendMail(ctx, {
    to: account.email,
    subject: `Confirm your e-mail address for ${INSTANCE_TITLE}`,
    text: [
      `Hello @${account.nickname},`,
      '',
      `To finish signing up on ${INSTANCE_TITLE} (${hostOf(ctx.origin)}), confirm this e-mail address by opening this link:`,
      '',
      link,
      '',
      'The link works once, for the next seven days. If you did not sign up, ignore this mail.',
    ].join('\n'),
  });
}

function notifyAdmins(ctx: ServerContext, account: AccountRow, reason: string): void {
  const admins = sql(
    ctx.db,
    'SELECT * FROM accounts WHERE local = 1 AND is_admin = 1 AND deactivated = 0 AND email IS NOT NULL',
  ).all() as AccountRow[];
  for (const admin of admins) {
    sendMail(ctx, {
      to: admin.email!,
      subject: `New account awaiting approval: @${account.nickname}`,
      text: [
        `Hello @${admin.nickname},`,
        '',
        `@${account.nickname} signed up on ${INSTANCE_TITLE} and is waiting for approval.`,
        '',
        `Their reason: ${reason}`,
        '',
        `Approve or leave them waiting on the administration page: ${ctx.origin}/pleroma/admin/`,
      ].join('\n'),
    });
  }
}

function htmlPage(reply: FastifyReply, status: number, title: string, body: string) {
  return reply.status(status).headers(PAGE_HEADERS).send(page(title, body));
}

export async function registrationRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;
  const settings: RegistrationSettings = ctx.registration;
  const signUps = new RateLimiter(settings.limits.registrations);
  const captchas = new RateLimiter(settings.limits.captchas);
  const host = hostOf(ctx.origin);
  // Mastodon's API has no captcha: its clients cannot show one, so none is asked for there.
  const captchaRequired = settings.captcha === 'native' && ctx.flavour !== 'mastodon';

  const captchaAnswer = async (request: FastifyRequest) => {
    if (settings.captcha === 'none') return { type: 'none' };
    if (!captchas.take(request.ip)) throw new ApiError(429, 'Throttled');
    const made = await newCaptcha(db);
    if (settings.testHooks) rememberAnswer(ctx, made.captcha.token, made.answer, made.expiresAt);
    return made.captcha;
  };
  app.get('/api/pleroma/captcha', captchaAnswer);
  app.get('/api/v1/pleroma/captcha', captchaAnswer);

  app.post('/api/v1/accounts', async (request) => {
    const raw = bearerToken(request);
    const token = raw ? findLiveToken(db, raw) : undefined;
    const client = token ? getAppById(db, token.app_id) : undefined;
    if (!client) throw new ApiError(403, 'Invalid credentials');
    if (!signUps.take(request.ip)) throw new ApiError(429, 'Throttled');
    const params = paramsOf(request);
    const input = readRegistration(params);
    const open = registrationsOpen(settings);
    if (!open && !input.token) throw new ApiError(403, REGISTRATIONS_CLOSED);

    if (captchaRequired) {
      const failure = checkCaptcha(db, {
        captcha_token: str(params.captcha_token),
        captcha_solution: str(params.captcha_solution),
        captcha_answer_data: str(params.captcha_answer_data),
      });
      if (failure) throw fieldErrors(ctx, { captcha: [failure] });
    }

    let invite: InviteRow | undefined;
    if (!open) {
      invite = findInvite(db, input.token);
      if (!invite) throw new ApiError(403, INVALID_INVITE);
      if (!inviteValid(invite)) throw new ApiError(403, EXPIRED_INVITE);
    }

    const errors = validateRegistration(ctx, input);
    if (Object.keys(errors).length > 0) throw fieldErrors(ctx, errors);

    const passwordHash = hashPassword(input.password);
    const approved = !approvalRequired(settings);
    const confirmed = !settings.activationRequired;
    const accountId = db.transaction(() => {
      // Nothing awaited since the checks: the nickname and the invite are still as checked.
      const id = insertAccount(db, {
        nickname: input.username,
        displayName: input.fullname || input.username,
        passwordHash,
        email: input.email || null,
        birthday: input.birthday || null,
      });
      sql(
        db,
        'UPDATE accounts SET note_source = ?, note_html = ?, is_approved = ?, is_confirmed = ?, registration_reason = ? WHERE id = ?',
      ).run(
        input.bio,
        input.bio ? formatWithMentions(db, input.bio, host).html : '',
        approved ? 1 : 0,
        confirmed ? 1 : 0,
        input.reason || null,
        id,
      );
      if (invite) useInvite(db, findInvite(db, invite.token)!);
      return id;
    })();
    const account = getAccount(db, accountId)!;
    if (!confirmed) sendConfirmationMail(ctx, account);
    if (!approved) notifyAdmins(ctx, account, input.reason);

    // Pleroma's order (User.account_status): approval, then e-mail confirmation.
    if (!approved) return { identifier: 'awaiting_approval', message: AWAITING_APPROVAL_MESSAGE };
    if (!confirmed) return { identifier: 'missing_confirmed_email', message: CHECK_EMAIL_MESSAGE };
    const issued = issueToken(db, client.id, accountId, parseScopes(client.scopes));
    return renderToken(ctx, issued, account);
  });

  app.get<{ Params: { id: string; token: string } }>(
    '/api/account/confirm_email/:id/:token',
    async (request, reply) => {
      const row = findEmailToken(db, request.params.token, 'confirm_email');
      const account = row ? getAccount(db, row.account_id) : undefined;
      if (!row || !account || account.id !== request.params.id) {
        return htmlPage(
          reply,
          400,
          'Confirmation link not valid',
          `<h2>This confirmation link does not work</h2>
<p class="error" role="alert">It has been used already, has expired, or was copied incompletely.</p>
<p><a href="/">Go to ${escapeHtml(INSTANCE_TITLE)}</a></p>`,
        );
      }
      db.transaction(() => {
        sql(db, 'UPDATE accounts SET is_confirmed = 1 WHERE id = ?').run(account.id);
        useEmailTokens(db, account.id, 'confirm_email');
      })();
      return reply.redirect('/', 302);
    },
  );

  if (settings.testHooks) {
    /** The answer of a captcha this instance drew (journeys type it as a person would). */
    app.get('/api/starling/test/captcha-answer', async (request) => {
      const token = str(queryOf(request).token) ?? '';
      const entry = testAnswers.get(ctx)?.get(token);
      if (!entry) throw notFound();
      return { answer: entry.answer };
    });
    /** The mails in the outbox, oldest first; `to` keeps those sent to one address. */
    app.get('/api/starling/test/mails', async (request) => {
      const to = str(queryOf(request).to)?.toLowerCase();
      return readOutbox(ctx.dataDir)
        .filter((mail) => !to || mail.to.toLowerCase() === to)
        .map(({ to: recipient, subject, text: body, links }) => ({
          to: recipient,
          subject,
          text: body,
          links,
        }));
    });
  }
}
