import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerContext } from '../context.ts';
import { hashPassword } from '../auth/password.ts';
import { getAccount, type AccountRow } from '../db/accounts.ts';
import { nowIso, sql } from '../db/index.ts';
import { createEmailToken, findEmailToken, useEmailTokens } from '../db/registration.ts';
import { ApiError } from '../errors.ts';
import { sendMail } from '../registration/outbox.ts';
import { RateLimiter } from '../registration/rate-limit.ts';
import { escapeHtml, hostOf } from '../views/html.ts';
import { INSTANCE_TITLE } from './constants.ts';
import { PAGE_HEADERS, errorBlock, page } from './oauth-authorize.ts';
import { paramsOf, str, type Params } from './params.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './registration.ts';

/**
 * Password reset, as Pleroma: POST /auth/password (an e-mail address or nickname; always 204, so
 * nobody learns which addresses have accounts) writes a mail with a link to
 * /api/v1/pleroma/password_reset/<token>, a page whose form posts the new password to
 * /api/v1/pleroma/password_reset. The link works once, for a day; a new password ends every
 * session of the account.
 */

export const RESET_LIFETIME_MS = 24 * 60 * 60 * 1000;
const FORM_PATH = '/api/v1/pleroma/password_reset';

type FormState = { error?: string; fieldError?: 'password' | 'confirmation' };

/** A field of Pleroma's form (`data[password]`), or of a JSON body (`{data: {password}}`). */
function dataField(params: Params, name: string): string {
  const data = params.data;
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const value = str((data as Params)[name]);
    if (value !== undefined) return value;
  }
  return str(params[`data[${name}]`]) ?? '';
}

function resetForm(token: string, account: AccountRow, state: FormState = {}): string {
  const describe = (field: 'password' | 'confirmation') =>
    state.fieldError === field ? ' aria-describedby="reset-error" aria-invalid="true"' : '';
  const error = state.error
    ? `<p class="error" id="reset-error" role="alert">${escapeHtml(state.error)}</p>`
    : '';
  return page(
    'Choose a new password',
    `<h2>Choose a new password</h2>
<p>For <strong>@${escapeHtml(account.nickname)}</strong>. Use at least ${PASSWORD_MIN} characters.</p>
${error}
<form method="post" action="${FORM_PATH}">
<input type="hidden" name="data[token]" value="${escapeHtml(token)}">
<input type="text" name="username" value="${escapeHtml(account.nickname)}" autocomplete="username" hidden>
<label for="password">New password</label>
<input id="password" name="data[password]" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}"${describe('password')}>
<label for="password_confirmation">New password again</label>
<input id="password_confirmation" name="data[password_confirmation]" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}"${describe('confirmation')}>
<button type="submit">Change password</button>
</form>`,
  );
}

const linkNotValid = () =>
  page(
    'Password reset link not valid',
    `<h2>This password reset link does not work</h2>
${errorBlock('It has been used already, has expired, or was copied incompletely.')}
<p>Ask for a new link from the sign-in form (“Forgot password?”).</p>
<p><a href="/">Go to ${escapeHtml(INSTANCE_TITLE)}</a></p>`,
  );

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).headers(PAGE_HEADERS).send(html);

export async function passwordResetRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  // Mastodon's reset lives on its own web pages; its API has no such call.
  if (ctx.flavour === 'mastodon') return;
  const db = ctx.db;
  const limit = ctx.registration.limits.passwordResets;
  const byAddress = new RateLimiter(limit);
  const byTarget = new RateLimiter(limit);

  app.post('/auth/password', async (request, reply) => {
    const params = paramsOf(request);
    const target = (str(params.email) ?? str(params.nickname) ?? '').trim().replace(/^@/, '');
    if (!byAddress.take(request.ip) || (target && !byTarget.take(target.toLowerCase())))
      throw new ApiError(429, 'Throttled');
    const account = target
      ? (sql(
          db,
          'SELECT * FROM accounts WHERE local = 1 AND (lower(nickname) = lower(?) OR lower(email) = lower(?)) LIMIT 1',
        ).get(target, target) as AccountRow | undefined)
      : undefined;
    if (account?.email && !account.deactivated) {
      const token = createEmailToken(db, account.id, 'password_reset', RESET_LIFETIME_MS);
      sendMail(ctx, {
        to: account.email,
        subject: `Password reset for ${INSTANCE_TITLE}`,
        text: [
          `Hello @${account.nickname},`,
          '',
          `Someone asked to reset the password of your account on ${INSTANCE_TITLE} (${hostOf(ctx.origin)}). To choose a new password, open this link:`,
          '',
          `${ctx.origin}${FORM_PATH}/${token}`,
          '',
          'The link works once, for the next 24 hours. If you did not ask for this, ignore this mail: your password stays as it is.',
        ].join('\n'),
      });
    }
    return reply.status(204).send();
  });

  app.get<{ Params: { token: string } }>(`${FORM_PATH}/:token`, async (request, reply) => {
    const row = findEmailToken(db, request.params.token, 'password_reset');
    const account = row ? getAccount(db, row.account_id) : undefined;
    if (!row || !account || account.deactivated) return sendHtml(reply, 404, linkNotValid());
    return sendHtml(reply, 200, resetForm(request.params.token, account));
  });

  app.post(FORM_PATH, async (request, reply) => {
    const params = paramsOf(request);
    const token = dataField(params, 'token');
    const password = dataField(params, 'password');
    const confirmation = dataField(params, 'password_confirmation');
    const row = token ? findEmailToken(db, token, 'password_reset') : undefined;
    const account = row ? getAccount(db, row.account_id) : undefined;
    if (!row || !account || account.deactivated) return sendHtml(reply, 404, linkNotValid());
    if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
      return sendHtml(
        reply,
        400,
        resetForm(token, account, {
          error:
            password.length < PASSWORD_MIN
              ? `The password must have at least ${PASSWORD_MIN} characters.`
              : `The password must have at most ${PASSWORD_MAX} characters.`,
          fieldError: 'password',
        }),
      );
    if (password !== confirmation)
      return sendHtml(
        reply,
        400,
        resetForm(token, account, {
          error: 'The two passwords are not the same.',
          fieldError: 'confirmation',
        }),
      );
    const passwordHash = hashPassword(password);
    db.transaction(() => {
      sql(
        db,
        'UPDATE accounts SET password_hash = ?, password_reset_required = 0 WHERE id = ?',
      ).run(passwordHash, account.id);
      // As Pleroma: every session and pending authorization of the account ends.
      sql(
        db,
        'UPDATE oauth_tokens SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL',
      ).run(nowIso(), account.id);
      sql(db, 'UPDATE oauth_authorizations SET used = 1 WHERE account_id = ?').run(account.id);
      sql(db, 'DELETE FROM mfa_tokens WHERE account_id = ?').run(account.id);
      useEmailTokens(db, account.id, 'password_reset');
    })();
    return sendHtml(
      reply,
      200,
      page(
        'Password changed',
        `<h2>Password changed</h2>
<p>The password of <strong>@${escapeHtml(account.nickname)}</strong> is changed, and every device signed in with the old one has been signed out.</p>
<p><a href="/">Sign in to ${escapeHtml(INSTANCE_TITLE)}</a></p>`,
      ),
    );
  });
}
