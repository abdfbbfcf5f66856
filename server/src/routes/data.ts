import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { requireUser } from '../auth/request.ts';
import { findAccountByAcct } from '../db/accounts.ts';
import { follow } from '../db/follows.ts';
import { block, mute } from '../db/relations.ts';
import { badRequest } from '../errors.ts';
import { hostOf } from '../views/html.ts';
import { bodyOf, str } from './params.ts';
import { publishNotifications } from './publish.ts';
import { followRefusal } from './block-checks.ts';

/**
 * Imports of follows, blocks and mutes (API notes §11): `list` holds handles separated by
 * whitespace (a CSV's first column is read too). Unknown handles are skipped and reported.
 */

const MAX_IMPORT_ENTRIES = 5000;

export function importHandles(list: string): string[] {
  const lines = list.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (/^\s*"?account address/i.test(lines[0] ?? '')) lines.shift();
  const handles = lines
    .flatMap((line) => (line.includes(',') ? [line.split(',')[0] ?? ''] : line.split(/\s+/)))
    .map((entry) => entry.trim().replace(/^"|"$/g, '').replace(/^@/, ''))
    .filter((entry) => entry !== '');
  return [...new Set(handles)].slice(0, MAX_IMPORT_ENTRIES);
}

type Kind = 'follow' | 'blocks' | 'mutes';

const SCOPES: Record<Kind, string[]> = {
  follow: ['write:follows', 'follow'],
  blocks: ['write:blocks', 'follow'],
  mutes: ['write:mutes', 'follow'],
};

export async function dataRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const localHost = hostOf(ctx.origin);

  const handler = (kind: Kind) => async (request: FastifyRequest) => {
    const viewer = requireUser(ctx, request, SCOPES[kind]);
    const list = str(bodyOf(request).list);
    if (list === undefined) throw badRequest('Missing field: list.');
    const imported: string[] = [];
    const unknown: string[] = [];
    for (const handle of importHandles(list)) {
      const target = findAccountByAcct(ctx.db, handle, localHost);
      if (!target || target.id === viewer.accountId) {
        unknown.push(handle);
        continue;
      }
      if (kind === 'follow') {
        // A block either way is not got round by importing: the handle is left out.
        if (followRefusal(ctx.db, viewer.accountId, target)) continue;
        const result = follow(ctx.db, viewer.accountId, target.id);
        if (result.notification) publishNotifications(ctx, [result.notification]);
      } else if (kind === 'blocks') block(ctx.db, viewer.accountId, target.id);
      else mute(ctx.db, viewer.accountId, target.id, { notifications: true, expiresIn: 0 });
      imported.push(handle);
    }
    return { status: 'success', imported: imported.length, unknown };
  };

  app.post('/api/pleroma/follow_import', handler('follow'));
  app.post('/api/pleroma/blocks_import', handler('blocks'));
  app.post('/api/pleroma/mutes_import', handler('mutes'));
}
