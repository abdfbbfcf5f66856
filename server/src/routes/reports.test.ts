import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addUser,
  bearer,
  makeTestApp,
  passwordToken,
  post,
  registerClient,
  type TestApp,
} from './test-helpers.ts';

let t: TestApp;
let bob: string;
let tokens: Record<string, string>;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeEach(async () => {
  t = await makeTestApp();
  addUser(t, 'alice');
  bob = addUser(t, 'bob');
  addUser(t, 'mo', { isModerator: true });
  addUser(t, 'root', { isAdmin: true });
  tokens = {};
  for (const name of ['alice', 'bob']) tokens[name] = await passwordToken(t.app, name);
  const adminClient = await registerClient(t.app, 'read write admin');
  for (const name of ['mo', 'root'])
    tokens[name] = await passwordToken(t.app, name, {
      scope: 'read write admin',
      client: adminClient,
    });
  tokens.moNoAdmin = await passwordToken(t.app, 'mo', { scope: 'read write' });
});
afterEach(async () => t.close());

const call = async (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  user?: string,
  payload?: Json,
) => {
  const response = await t.app.inject({
    method,
    url,
    headers: user ? bearer(tokens[user]!) : {},
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.body ? (response.json() as Json) : null };
};

describe('reports', () => {
  it('files a report, notifies staff (opt-in type), and lists it for moderators', async () => {
    const status = await post(t.app, tokens.bob!, { status: 'spam spam spam' });
    const other = await post(t.app, tokens.alice!, { status: 'mine' });
    const filed = await call('POST', '/api/v1/reports', 'alice', {
      account_id: bob,
      status_ids: [status.id, other.id, 'nope'],
      comment: 'Spam',
      forward: false,
    });
    expect(filed.status).toBe(200);
    expect(filed.body).toMatchObject({
      action_taken: false,
      comment: 'Spam',
      forwarded: false,
      status_ids: [status.id],
      target_account: { id: bob },
    });

    const plain = await call('GET', '/api/v1/notifications', 'mo');
    expect(plain.body).toEqual([]);
    const optIn = await call('GET', '/api/v1/notifications?include_types[]=pleroma:report', 'mo');
    expect(optIn.body).toHaveLength(1);
    expect(optIn.body![0]).toMatchObject({
      type: 'pleroma:report',
      report: { id: filed.body!.id, state: 'open', content: 'Spam', account: { id: bob } },
    });
    expect(
      (await call('GET', '/api/v1/notifications?include_types[]=pleroma:report', 'root')).body,
    ).toHaveLength(1);

    const page = await call('GET', '/api/v1/pleroma/admin/reports', 'mo');
    expect(page.body).toMatchObject({ total: 1, reports: [{ id: filed.body!.id, state: 'open' }] });
    expect(page.body!.reports[0].statuses.map((s: Json) => s.id)).toEqual([status.id]);
    expect((await call('GET', '/api/v1/pleroma/admin/reports', 'alice')).status).toBe(403);
    expect((await call('GET', '/api/v1/pleroma/admin/reports', 'moNoAdmin')).status).toBe(403);
    expect((await call('GET', '/api/v1/pleroma/admin/reports?state=bogus', 'mo')).status).toBe(400);

    const patched = await call('PATCH', '/api/v1/pleroma/admin/reports', 'root', {
      reports: [{ id: filed.body!.id, state: 'resolved' }],
    });
    expect(patched.status).toBe(204);
    expect(
      (await call('GET', '/api/v1/pleroma/admin/reports?state=open', 'mo')).body,
    ).toMatchObject({ total: 0, reports: [] });
    const bad = await call('PATCH', '/api/v1/pleroma/admin/reports', 'root', {
      reports: [{ id: 'nope', state: 'closed' }],
    });
    expect(bad).toMatchObject({ status: 400, body: [{ id: 'nope', error: 'Record not found' }] });
  });

  it('validates the report', async () => {
    expect((await call('POST', '/api/v1/reports', 'alice', {})).status).toBe(400);
    expect((await call('POST', '/api/v1/reports', 'alice', { account_id: 'nobody' })).body).toEqual(
      {
        error: 'Account not found',
      },
    );
    const long = await call('POST', '/api/v1/reports', 'alice', {
      account_id: bob,
      comment: 'x'.repeat(1001),
    });
    expect(long).toMatchObject({
      status: 400,
      body: { error: 'Comment must be up to 1000 characters' },
    });
    const readOnly = await passwordToken(t.app, 'alice', { scope: 'read' });
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      headers: bearer(readOnly),
      payload: { account_id: bob },
    });
    expect(denied.statusCode).toBe(403);
  });
});
