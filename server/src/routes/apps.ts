import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { createApp } from '../db/oauth.ts';
import { isAllowedRedirectUri, splitRedirectUris } from '../auth/redirect-uri.ts';
import { isValidScope, parseScopes } from '../auth/scopes.ts';
import { unprocessable } from '../errors.ts';
import { scopeOffered } from '../flavour.ts';
import { renderApp } from '../views/app.ts';
import { paramsOf, str } from './params.ts';

export async function appRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.post('/api/v1/apps', async (request) => {
    const params = paramsOf(request);
    const name = str(params.client_name)?.trim();
    const redirectUris = str(params.redirect_uris)?.trim();
    if (!name) throw unprocessable('Missing field: client_name.');
    if (!redirectUris) throw unprocessable('Missing field: redirect_uris.');
    const refusedUri = splitRedirectUris(redirectUris).find((uri) => !isAllowedRedirectUri(uri));
    if (refusedUri !== undefined)
      throw unprocessable(
        'Invalid redirect_uris: each must be an http(s) URL, an app scheme or urn:ietf:wg:oauth:2.0:oob.',
      );
    const scopes = params.scopes === undefined ? ['read'] : parseScopes(params.scopes);
    if (scopes.length === 0) throw unprocessable('Missing field: scopes.');
    const invalid = scopes.find((s) => !isValidScope(s) || !scopeOffered(ctx, s));
    if (invalid) throw unprocessable(`Invalid scope: ${invalid}.`);
    const website = str(params.website)?.trim() || null;
    return renderApp(ctx, createApp(ctx.db, { name, website, redirectUris, scopes }));
  });
}
