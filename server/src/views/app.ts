import type { ServerContext } from '../context.ts';
import type { AppRow } from '../db/oauth.ts';
import type { IssuedToken } from '../db/oauth.ts';
import type { AccountRow } from '../db/accounts.ts';
import { getSetting } from '../db/index.ts';
import { accountApId } from './account.ts';

export function renderApp(ctx: ServerContext, app: AppRow): Record<string, unknown> {
  return {
    id: String(app.id),
    name: app.name,
    website: app.website,
    redirect_uri: app.redirect_uris,
    client_id: app.client_id,
    client_secret: app.client_secret,
    vapid_key: getSetting(ctx.db, 'vapid_public_key'),
    scopes: app.scopes.split(' '),
  };
}

/** Token answer: Mastodon's fields plus Pleroma's `id` (account id) and `me` (actor id). */
export function renderToken(
  ctx: ServerContext,
  issued: IssuedToken,
  account: AccountRow | null,
): Record<string, unknown> {
  const expiresIn = Math.max(
    0,
    Math.round((Date.parse(issued.row.valid_until) - Date.now()) / 1000),
  );
  const out: Record<string, unknown> = {
    token_type: 'Bearer',
    access_token: issued.accessToken,
    refresh_token: issued.refreshToken,
    expires_in: expiresIn,
    scope: issued.row.scopes,
    created_at: Math.floor(Date.parse(issued.row.created_at) / 1000),
  };
  if (account) {
    out.id = account.id;
    out.me = accountApId(account, ctx.origin);
  }
  return out;
}
