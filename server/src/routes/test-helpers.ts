import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions, type StarlingApp } from '../app.ts';
import { insertAccount, type NewAccount } from '../db/accounts.ts';
import { PUBLIC_PASSWORD_COST, hashPassword } from '../auth/password.ts';
import { formatWithMentions } from '../db/compose.ts';
import { sql } from '../db/index.ts';

/** Shared by the server tests: a fresh app on a temporary data folder. */
export const TEST_ORIGIN = 'http://127.0.0.1:4000';
export const TEST_PASSWORD = 'correct horse battery staple';

export interface TestApp extends StarlingApp {
  dir: string;
  close(): Promise<void>;
}

export async function makeTestApp(
  dir = mkdtempSync(join(tmpdir(), 'starling-test-')),
  options: Partial<BuildAppOptions> = {},
): Promise<TestApp> {
  const built = await buildApp({ dataDir: dir, origin: TEST_ORIGIN, ...options });
  return {
    ...built,
    dir,
    async close() {
      await built.app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const passwordHash = hashPassword(TEST_PASSWORD, PUBLIC_PASSWORD_COST);

export function addUser(t: StarlingApp, nickname: string, extra: Partial<NewAccount> = {}): string {
  const id = insertAccount(t.ctx.db, {
    nickname,
    passwordHash: extra.domain ? null : passwordHash,
    ...extra,
  });
  if (extra.note) {
    sql(t.ctx.db, 'UPDATE accounts SET note_source = ?, note_html = ? WHERE id = ?').run(
      extra.note,
      formatWithMentions(t.ctx.db, extra.note, '127.0.0.1:4000').html,
      id,
    );
  }
  return id;
}

export interface Client {
  client_id: string;
  client_secret: string;
}

export async function registerClient(
  app: FastifyInstance,
  scopes = 'read write follow push',
  redirectUris = 'urn:ietf:wg:oauth:2.0:oob',
): Promise<Client> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/apps',
    payload: {
      client_name: 'Test client',
      redirect_uris: redirectUris,
      scopes,
      website: 'https://client.example',
    },
  });
  if (response.statusCode !== 200) throw new Error(`app registration failed: ${response.body}`);
  return response.json() as Client;
}

export async function passwordToken(
  app: FastifyInstance,
  username: string,
  options: { scope?: string; password?: string; client?: Client } = {},
): Promise<string> {
  const client = options.client ?? (await registerClient(app));
  const response = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: {
      grant_type: 'password',
      username,
      password: options.password ?? TEST_PASSWORD,
      client_id: client.client_id,
      client_secret: client.client_secret,
      ...(options.scope ? { scope: options.scope } : {}),
    },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return (response.json() as { access_token: string }).access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function post(
  app: FastifyInstance,
  token: string,
  payload: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/statuses',
    headers: bearer(token),
    payload,
  });
  if (response.statusCode !== 200)
    throw new Error(`post failed: ${response.statusCode} ${response.body}`);
  return response.json() as Record<string, unknown>;
}
