import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { sql } from './db/index.ts';
import { MIGRATIONS } from './db/migrations.ts';
import { addUser, bearer, passwordToken, post, TEST_ORIGIN } from './routes/test-helpers.ts';

describe('buildApp', () => {
  it('keeps data, tokens and keys across close and re-open on the same data dir', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'starling-persist-'));
    try {
      const first = await buildApp({ dataDir: dir, origin: TEST_ORIGIN });
      addUser(first, 'alice');
      const token = await passwordToken(first.app, 'alice');
      const status = await post(first.app, token, { status: 'still here?' });
      const vapid = (await first.app.inject({ url: '/api/v1/instance' })).json().pleroma
        .vapid_public_key;
      await first.app.close();
      expect(first.ctx.db.open).toBe(false);

      const second = await buildApp({ dataDir: dir, origin: 'http://localhost:5555' });
      const again = await second.app.inject({
        url: `/api/v1/statuses/${status.id}`,
        headers: bearer(token),
      });
      expect(again.statusCode).toBe(200);
      expect(again.json().content).toBe('still here?');
      // Stored links follow the origin the server runs at now.
      expect(again.json().account.url).toBe('http://localhost:5555/users/alice');
      expect(
        (await second.app.inject({ url: '/api/v1/instance' })).json().pleroma.vapid_public_key,
      ).toBe(vapid);
      const migrations = sql(second.ctx.db, 'SELECT version FROM schema_migrations').all();
      expect(migrations).toEqual(MIGRATIONS.map((m) => ({ version: m.version })));
      expect(second.ctx.db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(second.ctx.db.pragma('foreign_keys', { simple: true })).toBe(1);
      await second.app.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
