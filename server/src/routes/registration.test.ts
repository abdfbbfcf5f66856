import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/index.ts';
import { parseCommandLine } from '../main.ts';
import type { BuildAppOptions } from '../app.ts';
import {
  TEST_PASSWORD,
  addUser,
  bearer,
  makeTestApp,
  passwordToken,
  registerClient,
  type Client,
  type TestApp,
} from './test-helpers.ts';
import {
  HOOKS_ON,
  appToken,
  mailsTo,
  passwordGrant,
  signUp,
  solvedCaptcha,
} from './test-registration.ts';

const PASSWORD = 'a good long password';

/** An instance in one sign-up mode, with an admin, a moderator and a member, and an app token. */
async function instance(options: Partial<BuildAppOptions> = {}) {
  const t = await makeTestApp(undefined, { captcha: 'none', ...options });
  addUser(t, 'admin', { isAdmin: true, email: 'admin@starling.example' });
  addUser(t, 'mod', { isModerator: true });
  addUser(t, 'member', { email: 'member@starling.example' });
  const { client, token } = await appToken(t.app);
  return { t, client, token };
}

/** A token with the admin scope (the staff's role decides what it may do). */
async function staffToken(t: TestApp, username: string): Promise<string> {
  const client = await registerClient(t.app, 'read write follow push admin');
  return passwordToken(t.app, username, { client, scope: 'read write admin' });
}

const errorMap = (body: { error: string }) => JSON.parse(body.error) as Record<string, string[]>;

describe('the instance documents say who may sign up', () => {
  const documents = async (options: Partial<BuildAppOptions>) => {
    const t = await makeTestApp(undefined, options);
    try {
      const get = async (url: string) => (await t.app.inject({ url })).json();
      return {
        v1: await get('/api/v1/instance'),
        v2: await get('/api/v2/instance'),
        nodeinfo: await get('/nodeinfo/2.0.json'),
      };
    } finally {
      await t.close();
    }
  };

  it('is open with a captcha and a mailer by default', async () => {
    const { v1, v2, nodeinfo } = await documents({});
    expect(v1).toMatchObject({
      registrations: true,
      approval_required: false,
      invites_enabled: false,
      pleroma: {
        metadata: {
          account_activation_required: false,
          birthday_required: false,
          birthday_min_age: 0,
        },
      },
    });
    expect(v2.registrations).toEqual({ enabled: true, approval_required: false, message: null });
    expect(nodeinfo.openRegistrations).toBe(true);
    expect(nodeinfo.metadata).toMatchObject({
      accountActivationRequired: false,
      invitesEnabled: false,
      mailerEnabled: true,
      birthdayRequired: false,
      birthdayMinAge: 0,
    });
    expect(nodeinfo.metadata.features).toContain('pleroma_api');
  });

  it.each([
    ['closed', { registrations: 'closed' }, false, false, false],
    ['invite', { registrations: 'invite' }, false, false, true],
    ['approval', { registrations: 'approval' }, true, true, false],
  ] as const)('announces %s mode', async (_name, options, open, approval, invites) => {
    const { v1, v2, nodeinfo } = await documents(options);
    expect(v1.registrations).toBe(open);
    expect(v1.approval_required).toBe(approval);
    expect(v1.invites_enabled).toBe(invites);
    expect(v2.registrations).toMatchObject({ enabled: open, approval_required: approval });
    expect(nodeinfo.openRegistrations).toBe(open);
    expect(nodeinfo.metadata.invitesEnabled).toBe(invites);
  });

  it('announces e-mail activation and a minimum age', async () => {
    const { v1, v2, nodeinfo } = await documents({ accountActivation: true, birthdayMinAge: 6570 });
    expect(v1.pleroma.metadata).toMatchObject({
      account_activation_required: true,
      birthday_required: true,
      birthday_min_age: 6570,
    });
    expect(v2.pleroma.metadata).toMatchObject({
      account_activation_required: true,
      birthday_min_age: 6570,
    });
    expect(nodeinfo.metadata).toMatchObject({
      accountActivationRequired: true,
      birthdayRequired: true,
      birthdayMinAge: 6570,
    });
  });

  it('reads the modes from the command line', () => {
    const defaults = parseCommandLine([], {});
    expect(defaults).toMatchObject({
      registrations: 'open',
      captcha: 'native',
      accountActivation: false,
      birthdayMinAge: 0,
    });
    const chosen = parseCommandLine(
      [
        '--registrations',
        'approval',
        '--captcha',
        'none',
        '--activation',
        '--birthday-min-age',
        '6570',
      ],
      {},
    );
    expect(chosen).toMatchObject({
      registrations: 'approval',
      captcha: 'none',
      accountActivation: true,
      birthdayMinAge: 6570,
    });
    expect(() => parseCommandLine(['--registrations', 'sometimes'], {})).toThrow(
      /Unknown registrations mode/,
    );
    expect(() => parseCommandLine(['--captcha', 'kocaptcha'], {})).toThrow(/Unknown captcha/);
    expect(() => parseCommandLine(['--birthday-min-age', '18y'], {})).toThrow(/days/);
  });
});

describe('the captcha', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(undefined, { env: HOOKS_ON });
  });
  afterAll(async () => t.close());

  it('is a native PNG captcha on both paths', async () => {
    for (const url of ['/api/v1/pleroma/captcha', '/api/pleroma/captcha']) {
      const captcha = (await t.app.inject({ url })).json();
      expect(captcha).toMatchObject({ type: 'native', seconds_valid: 300 });
      expect(captcha.token).toMatch(/^[\w-]{16,}$/);
      expect(captcha.answer_data).toMatch(/^\d+\.[\w-]+\.[\w-]+$/);
      const png = Buffer.from(captcha.url.replace(/^data:image\/png;base64,/, ''), 'base64');
      expect(captcha.url.startsWith('data:image/png;base64,')).toBe(true);
      expect(png.subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('tells the journeys its answer only through the test hook', async () => {
    const captcha = (await t.app.inject({ url: '/api/v1/pleroma/captcha' })).json();
    const hook = await t.app.inject({
      url: `/api/starling/test/captcha-answer?token=${captcha.token}`,
    });
    expect(hook.json().answer).toMatch(/^[A-Z0-9]{5}$/);
    const unknown = await t.app.inject({ url: '/api/starling/test/captcha-answer?token=nope' });
    expect(unknown.statusCode).toBe(404);
  });

  it('has no test hooks without STARLING_TEST_HOOKS=1', async () => {
    for (const env of [{}, { STARLING_TEST_HOOKS: '0' }, { STARLING_TEST_HOOKS: 'true' }]) {
      const plain = await makeTestApp(undefined, { env });
      try {
        const captcha = (await plain.app.inject({ url: '/api/v1/pleroma/captcha' })).json();
        for (const url of [
          `/api/starling/test/captcha-answer?token=${captcha.token}`,
          '/api/starling/test/mails',
        ]) {
          const response = await plain.app.inject({ url });
          expect(response.statusCode, url).toBe(404);
          expect(response.json()).toEqual({ error: 'Not found' });
        }
      } finally {
        await plain.close();
      }
    }
  });

  it('is type none when the instance asks for none', async () => {
    const none = await makeTestApp(undefined, { captcha: 'none' });
    try {
      expect((await none.app.inject({ url: '/api/v1/pleroma/captcha' })).json()).toEqual({
        type: 'none',
      });
    } finally {
      await none.close();
    }
  });

  it('is drawn at a limited rate per address', async () => {
    const limited = await makeTestApp(undefined, {
      limits: { captchas: { max: 2, windowMs: 60_000 } },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await limited.app.inject({ url: '/api/v1/pleroma/captcha' })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      const other = await limited.app.inject({
        url: '/api/v1/pleroma/captcha',
        remoteAddress: '10.0.0.9',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('signing up on an open instance with a captcha', () => {
  let t: TestApp;
  let token: string;
  let client: Client;
  beforeAll(async () => {
    t = await makeTestApp(undefined, { env: HOOKS_ON });
    addUser(t, 'member', { email: 'member@starling.example' });
    ({ token, client } = await appToken(t.app));
  });
  afterAll(async () => t.close());

  it('needs an app token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/accounts',
      payload: { username: 'nobody', password: PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Invalid credentials' });
  });

  it('signs a person up and in at once, with a token for the app', async () => {
    const response = await signUp(t.app, token, {
      username: 'newbird',
      nickname: 'newbird',
      fullname: 'New Bird',
      email: 'newbird@starling.example',
      bio: 'Hello @member',
      password: PASSWORD,
      confirm: PASSWORD,
      agreement: true,
      locale: 'en',
      birthday: '1990-02-03',
      ...(await solvedCaptcha(t.app)),
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({
      token_type: 'Bearer',
      scope: 'read write follow push',
      access_token: expect.any(String),
      created_at: expect.any(Number),
      me: 'http://127.0.0.1:4000/users/newbird',
    });
    const me = await t.app.inject({
      url: '/api/v1/accounts/verify_credentials',
      headers: bearer(answer.access_token),
    });
    expect(me.json()).toMatchObject({
      acct: 'newbird',
      display_name: 'New Bird',
      pleroma: { birthday: '1990-02-03' },
    });
    expect(me.json().note).toContain('@<span>member</span>');
    // Signed up with the password: it signs in as any account's does.
    expect((await passwordGrant(t.app, client, 'newbird', PASSWORD)).statusCode).toBe(200);
    // A password a person chose is hashed at full cost (the cheap one is for public passwords).
    const stored = sql(t.ctx.db, 'SELECT password_hash FROM accounts WHERE nickname = ?').get(
      'newbird',
    ) as { password_hash: string };
    expect(stored.password_hash.split('$').slice(0, 4)).toEqual(['scrypt', '16384', '8', '1']);
    const found = await t.app.inject({
      url: '/api/v2/search?q=newbird&type=accounts',
      headers: bearer(answer.access_token),
    });
    expect(found.json().accounts.map((a: { acct: string }) => a.acct)).toEqual(['newbird']);
  });

  it('reads a form body too, and takes the display name from the username', async () => {
    const captcha = await solvedCaptcha(t.app);
    const form = new URLSearchParams({
      nickname: 'formbird',
      password: PASSWORD,
      ...captcha,
    }).toString();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/accounts',
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(response.statusCode, response.body).toBe(200);
    const row = sql(t.ctx.db, "SELECT * FROM accounts WHERE nickname = 'formbird'").get() as {
      display_name: string;
      email: string | null;
    };
    expect(row).toMatchObject({ display_name: 'formbird', email: null });
  });

  describe('the captcha answer', () => {
    const attempt = (captcha: Record<string, string>, username: string) =>
      signUp(t.app, token, { username, password: PASSWORD, ...captcha });

    it('is required, with Pleroma sentences for what is missing', async () => {
      const response = await attempt({}, 'nocaptcha');
      expect(response.statusCode).toBe(400);
      expect(errorMap(response.json())).toEqual({
        captcha: ['Invalid CAPTCHA (Missing parameter: captcha_solution)'],
      });
    });

    it('refuses a wrong answer, and the captcha is then used up', async () => {
      const captcha = await solvedCaptcha(t.app);
      const wrong = await attempt({ ...captcha, captcha_solution: 'WRONG' }, 'wronganswer');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ error: JSON.stringify({ captcha: ['Invalid CAPTCHA'] }) });
      const again = await attempt(captcha, 'wronganswer');
      expect(errorMap(again.json())).toEqual({ captcha: ['CAPTCHA already used'] });
    });

    it('works once, ignoring case and spaces', async () => {
      const captcha = await solvedCaptcha(t.app);
      const lower = ` ${captcha.captcha_solution!.toLowerCase()} `;
      const first = await attempt({ ...captcha, captcha_solution: lower }, 'casebird');
      expect(first.statusCode, first.body).toBe(200);
      const reused = await attempt(captcha, 'casebird2');
      expect(reused.statusCode).toBe(400);
      expect(errorMap(reused.json())).toEqual({ captcha: ['CAPTCHA already used'] });
    });

    it('expires after its seconds', async () => {
      const captcha = await solvedCaptcha(t.app);
      const [expiry, ...rest] = captcha.captcha_answer_data!.split('.');
      // Moving the expiry breaks the MAC: it is refused as data not made here.
      const moved = await attempt(
        { ...captcha, captcha_answer_data: [Number(expiry) + 600, ...rest].join('.') },
        'latebird',
      );
      expect(errorMap(moved.json())).toEqual({ captcha: ['Invalid answer data'] });
      const realNow = Date.now;
      Date.now = () => realNow() + 301_000;
      try {
        const late = await attempt(captcha, 'latebird');
        expect(errorMap(late.json())).toEqual({ captcha: ['CAPTCHA expired'] });
      } finally {
        Date.now = realNow;
      }
    });

    it("refuses another captcha's answer data", async () => {
      const one = await solvedCaptcha(t.app);
      const two = await solvedCaptcha(t.app);
      const mixed = await attempt(
        { ...one, captcha_answer_data: two.captcha_answer_data! },
        'mixedbird',
      );
      expect(errorMap(mixed.json())).toEqual({ captcha: ['Invalid answer data'] });
    });
  });
});

describe('what a sign-up may not be', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await instance({ registrations: 'approval', birthdayMinAge: 6570 }));
  });
  afterAll(async () => t.close());

  const today = () => new Date();
  const yearsAgo = (years: number, days = 0) => {
    const date = today();
    date.setUTCDate(date.getUTCDate() - days);
    date.setUTCFullYear(date.getUTCFullYear() - years);
    return date.toISOString().slice(0, 10);
  };
  const base = { password: PASSWORD, reason: 'I like birds', birthday: yearsAgo(30) };
  const refused = async (payload: Record<string, unknown>) => {
    const response = await signUp(t.app, token, { ...base, ...payload });
    expect(response.statusCode, response.body).toBe(400);
    return errorMap(response.json());
  };

  it('names every missing field at once', async () => {
    expect(await refused({ password: '', reason: '', birthday: '' })).toEqual({
      nickname: ["can't be blank"],
      password: ["can't be blank"],
      birthday: ["can't be blank"],
      reason: ["can't be blank"],
    });
  });

  it('checks the username', async () => {
    expect(await refused({ username: 'no spaces' })).toEqual({ nickname: ['has invalid format'] });
    expect(await refused({ username: 'dash-bird' })).toEqual({ nickname: ['has invalid format'] });
    expect(await refused({ username: 'x'.repeat(31) })).toEqual({
      nickname: ['should be at most 30 character(s)'],
    });
    expect(await refused({ username: 'Settings' })).toEqual({ nickname: ['Invalid nickname'] });
    // Taken, whatever the case: Pleroma names the actor id.
    expect(await refused({ username: 'MEMBER' })).toEqual({ ap_id: ['has already been taken'] });
  });

  it('checks the e-mail address', async () => {
    expect(await refused({ username: 'a1', email: 'not-an-address' })).toEqual({
      email: ['has invalid format'],
    });
    expect(await refused({ username: 'a2', email: 'Member@Starling.Example' })).toEqual({
      email: ['has already been taken'],
    });
  });

  it('checks lengths of the password, name, bio and reason', async () => {
    expect(
      await refused({
        username: 'a3',
        password: 'short',
        fullname: 'n'.repeat(101),
        bio: 'b'.repeat(5001),
        reason: 'r'.repeat(501),
      }),
    ).toEqual({
      password: ['should be at least 8 character(s)'],
      name: ['should be at most 100 character(s)'],
      bio: ['should be at most 5000 character(s)'],
      reason: ['should be at most 500 character(s)'],
    });
  });

  it('checks the birthday against the minimum age, in days', async () => {
    expect(await refused({ username: 'a4', birthday: '1990-02-30' })).toEqual({
      birthday: ['is invalid'],
    });
    expect(await refused({ username: 'a5', birthday: 'yesterday' })).toEqual({
      birthday: ['is invalid'],
    });
    // 6570 days is a little under 18 years (leap days): a day short is refused, the day itself not.
    const limit = new Date(Date.now() - 6570 * 86_400_000).toISOString().slice(0, 10);
    const dayAfter = new Date(Date.now() - 6569 * 86_400_000).toISOString().slice(0, 10);
    expect(await refused({ username: 'a6', birthday: dayAfter })).toEqual({
      birthday: ['Invalid age'],
    });
    const ok = await signUp(t.app, token, { ...base, username: 'justold', birthday: limit });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('keeps nothing of a refused sign-up', async () => {
    const count = () =>
      (sql(t.ctx.db, 'SELECT count(*) AS n FROM accounts').get() as { n: number }).n;
    const before = count();
    await refused({ username: 'ghost', password: 'short' });
    expect(count()).toBe(before);
  });
});

describe('a closed instance', () => {
  let t: TestApp;
  let token: string;
  let admin: string;
  beforeAll(async () => {
    ({ t, token } = await instance({ registrations: 'closed' }));
    admin = await staffToken(t, 'admin');
  });
  afterAll(async () => t.close());

  it('refuses sign-ups without an invite', async () => {
    const response = await signUp(t.app, token, { username: 'outsider', password: PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Registrations are closed' });
  });

  it('still lets an invite in, as Pleroma does', async () => {
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pleroma/admin/users/invite_token',
      headers: bearer(admin),
      payload: {},
    });
    const response = await signUp(t.app, token, {
      username: 'invited',
      password: PASSWORD,
      token: invite.json().token,
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('an instance by invitation', () => {
  let t: TestApp;
  let token: string;
  let admin: string;
  let member: string;
  let moderator: string;
  beforeAll(async () => {
    ({ t, token } = await instance({ registrations: 'invite' }));
    admin = await staffToken(t, 'admin');
    member = await staffToken(t, 'member');
    moderator = await staffToken(t, 'mod');
  });
  afterAll(async () => t.close());

  const invite = async (payload: Record<string, unknown> = {}, as = admin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/pleroma/admin/users/invite_token',
      headers: bearer(as),
      payload,
    });

  it('makes invites for staff who manage invites only', async () => {
    for (const [who, as] of [
      ['member', member],
      ['moderator', moderator],
    ] as const) {
      for (const response of [
        await invite({}, as),
        await t.app.inject({ url: '/api/v1/pleroma/admin/users/invites', headers: bearer(as) }),
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/pleroma/admin/users/revoke_invite',
          headers: bearer(as),
          payload: { token: 'x' },
        }),
      ]) {
        expect(response.statusCode, who).toBe(403);
        expect(response.json()).toEqual({ error: 'User is not a staff member.' });
      }
    }
    const anonymous = await t.app.inject({ url: '/api/v1/pleroma/admin/users/invites' });
    expect(anonymous.statusCode).toBe(401);
    const readOnly = await passwordToken(t.app, 'admin', { scope: 'read' });
    expect((await invite({}, readOnly)).statusCode).toBe(403);
  });

  it('makes invites in Pleroma shape', async () => {
    const oneTime = (await invite()).json();
    expect(oneTime).toEqual({
      id: expect.any(Number),
      token: expect.stringMatching(/^[\w-]{32}$/),
      used: false,
      expires_at: null,
      uses: 0,
      max_use: null,
      invite_type: 'one_time',
    });
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    expect((await invite({ max_use: 3 })).json()).toMatchObject({
      max_use: 3,
      invite_type: 'reusable',
    });
    expect((await invite({ expires_at: future })).json()).toMatchObject({
      expires_at: future,
      invite_type: 'date_limited',
    });
    expect((await invite({ max_use: '2', expires_at: future })).json()).toMatchObject({
      invite_type: 'reusable_date_limited',
    });
    const list = await t.app.inject({
      url: '/api/v1/pleroma/admin/users/invites',
      headers: bearer(admin),
    });
    expect(list.json().invites.map((i: { token: string }) => i.token)).toContain(oneTime.token);
  });

  it('refuses invites it cannot make', async () => {
    for (const payload of [
      { max_use: 0 },
      { max_use: 'many' },
      { expires_at: '2020-01-01' },
      { expires_at: '2030-02-30' },
      { expires_at: 'soon' },
    ]) {
      const response = await invite(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    }
  });

  it('lets one person in per one-time invite', async () => {
    const { token: code } = (await invite()).json();
    const bad = await signUp(t.app, token, {
      username: 'guesser',
      password: PASSWORD,
      token: 'made-up',
    });
    expect(bad.statusCode).toBe(403);
    expect(bad.json()).toEqual({ error: 'Invalid token' });
    // A refused sign-up does not use the invite up.
    const short = await signUp(t.app, token, { username: 'first', password: 'x', token: code });
    expect(short.statusCode).toBe(400);
    const first = await signUp(t.app, token, {
      username: 'first',
      password: PASSWORD,
      token: code,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await signUp(t.app, token, {
      username: 'second',
      password: PASSWORD,
      token: code,
    });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({ error: 'Expired token' });
    const listed = (
      await t.app.inject({ url: '/api/v1/pleroma/admin/users/invites', headers: bearer(admin) })
    )
      .json()
      .invites.find((i: { token: string }) => i.token === code);
    expect(listed).toMatchObject({ used: true, uses: 1 });
  });

  it('counts the uses of a reusable invite and honours a revocation', async () => {
    const { token: code } = (await invite({ max_use: 2 })).json();
    for (const username of ['reuse1', 'reuse2']) {
      const response = await signUp(t.app, token, { username, password: PASSWORD, token: code });
      expect(response.statusCode, response.body).toBe(200);
    }
    const third = await signUp(t.app, token, {
      username: 'reuse3',
      password: PASSWORD,
      token: code,
    });
    expect(third.json()).toEqual({ error: 'Expired token' });

    const { token: revoked } = (await invite()).json();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pleroma/admin/users/revoke_invite',
      headers: bearer(admin),
      payload: { token: revoked },
    });
    expect(answer.json()).toMatchObject({ token: revoked, used: true });
    const late = await signUp(t.app, token, {
      username: 'late',
      password: PASSWORD,
      token: revoked,
    });
    expect(late.json()).toEqual({ error: 'Expired token' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pleroma/admin/users/revoke_invite',
      headers: bearer(admin),
      payload: { token: 'nothing-like-it' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('does not let an invite past its last day in', async () => {
    const { token: code } = (
      await invite({ expires_at: new Date().toISOString().slice(0, 10) })
    ).json();
    sql(t.ctx.db, "UPDATE invites SET expires_at = '2001-01-01' WHERE token = ?").run(code);
    const response = await signUp(t.app, token, {
      username: 'tardy',
      password: PASSWORD,
      token: code,
    });
    expect(response.json()).toEqual({ error: 'Expired token' });
  });
});

describe('an instance where an administrator approves each account', () => {
  let t: TestApp;
  let token: string;
  let client: Client;
  let admin: string;
  let member: string;
  let moderator: string;
  beforeAll(async () => {
    ({ t, token, client } = await instance({ registrations: 'approval' }));
    admin = await staffToken(t, 'admin');
    member = await staffToken(t, 'member');
    moderator = await staffToken(t, 'mod');
  });
  afterAll(async () => t.close());

  it('keeps a new account waiting until it is approved', async () => {
    const response = await signUp(t.app, token, {
      username: 'hopeful',
      email: 'hopeful@starling.example',
      password: PASSWORD,
      reason: 'I watch starlings every evening',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      identifier: 'awaiting_approval',
      message: "You have been registered. You'll be able to log in once your account is approved.",
    });

    const refused = await passwordGrant(t.app, client, 'hopeful', PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'Your account is awaiting approval.',
      identifier: 'awaiting_approval',
    });
    // A wrong password says nothing about the account's state.
    const wrong = await passwordGrant(t.app, client, 'hopeful', 'not the password');
    expect(wrong.statusCode).toBe(400);

    // Others do not find it.
    const search = await t.app.inject({
      url: '/api/v2/search?q=hopeful&type=accounts',
      headers: bearer(member),
    });
    expect(search.json().accounts).toEqual([]);
    const lookup = await t.app.inject({
      url: '/api/v1/accounts/lookup?acct=hopeful',
      headers: bearer(member),
    });
    expect(lookup.statusCode).toBe(404);
    const id = (
      sql(t.ctx.db, "SELECT id FROM accounts WHERE nickname = 'hopeful'").get() as {
        id: string;
      }
    ).id;
    expect((await t.app.inject({ url: `/api/v1/accounts/${id}` })).statusCode).toBe(404);
    const seenByAdmin = await t.app.inject({
      url: `/api/v1/accounts/${id}`,
      headers: bearer(admin),
    });
    expect(seenByAdmin.statusCode).toBe(200);
    const suggestions = await t.app.inject({ url: '/api/v1/suggestions', headers: bearer(member) });
    expect(suggestions.json().map((a: { acct: string }) => a.acct)).not.toContain('hopeful');

    // The admins hear of it by mail.
    const [mail] = mailsTo(t, 'admin@starling.example');
    expect(mail?.subject).toBe('New account awaiting approval: @hopeful');
    expect(mail?.text).toContain('I watch starlings every evening');
  });

  it('lists the waiting accounts for staff who read accounts', async () => {
    const list = await t.app.inject({
      url: '/api/v1/pleroma/admin/users?filters=need_approval',
      headers: bearer(admin),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 1, page_size: 50 });
    expect(list.json().users).toEqual([
      expect.objectContaining({
        nickname: 'hopeful',
        email: 'hopeful@starling.example',
        is_approved: false,
        is_confirmed: true,
        is_active: true,
        registration_reason: 'I watch starlings every evening',
        local: true,
      }),
    ]);
    const all = await t.app.inject({
      url: '/api/v1/pleroma/admin/users?filters=local&query=mem',
      headers: bearer(admin),
    });
    expect(all.json().users.map((u: { nickname: string }) => u.nickname)).toEqual(['member']);
    const badFilter = await t.app.inject({
      url: '/api/v1/pleroma/admin/users?filters=everyone',
      headers: bearer(admin),
    });
    expect(badFilter.statusCode).toBe(400);
    for (const as of [member, moderator]) {
      const response = await t.app.inject({
        url: '/api/v1/pleroma/admin/users?filters=need_approval',
        headers: bearer(as),
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('lets only staff who manage activation approve', async () => {
    for (const as of [member, moderator]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/pleroma/admin/users/approve',
        headers: bearer(as),
        payload: { nicknames: ['hopeful'] },
      });
      expect(response.statusCode).toBe(403);
    }
    expect((await passwordGrant(t.app, client, 'hopeful', PASSWORD)).statusCode).toBe(403);
    const approved = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/pleroma/admin/users/approve',
      headers: bearer(admin),
      payload: { nicknames: ['hopeful'] },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().users[0]).toMatchObject({ nickname: 'hopeful', is_approved: true });
    expect((await passwordGrant(t.app, client, 'hopeful', PASSWORD)).statusCode).toBe(200);
    const search = await t.app.inject({
      url: '/api/v2/search?q=hopeful&type=accounts',
      headers: bearer(member),
    });
    expect(search.json().accounts.map((a: { acct: string }) => a.acct)).toEqual(['hopeful']);
  });

  it('refuses an approval of nobody or of an unknown account', async () => {
    const nobody = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/pleroma/admin/users/approve',
      headers: bearer(admin),
      payload: {},
    });
    expect(nobody.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/pleroma/admin/users/approve',
      headers: bearer(admin),
      payload: { nicknames: ['nobody_here'] },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('an instance where new accounts confirm their e-mail address', () => {
  let t: TestApp;
  let token: string;
  let client: Client;
  beforeAll(async () => {
    ({ t, token, client } = await instance({ accountActivation: true }));
  });
  afterAll(async () => t.close());

  it('requires an e-mail address', async () => {
    const response = await signUp(t.app, token, { username: 'nomail', password: PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: JSON.stringify({ email: ["can't be blank"] }) });
  });

  it('mails a link that confirms the address once, then sign-in works', async () => {
    const response = await signUp(t.app, token, {
      username: 'mailbird',
      email: 'MailBird@starling.example',
      password: PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      identifier: 'missing_confirmed_email',
      message: 'You have been registered. Please check your email for further instructions.',
    });
    const refused = await passwordGrant(t.app, client, 'mailbird', PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'Your login is missing a confirmed e-mail address',
      identifier: 'missing_confirmed_email',
    });

    const [mail] = mailsTo(t, 'mailbird@starling.example');
    expect(mail?.subject).toBe('Confirm your e-mail address for Starling local');
    const link = mail!.links.find((l) => l.includes('/api/account/confirm_email/'))!;
    expect(link).toMatch(
      /^http:\/\/127\.0\.0\.1:4000\/api\/account\/confirm_email\/[^/]+\/[\w-]+$/,
    );
    const path = link.replace('http://127.0.0.1:4000', '');

    const tampered = await t.app.inject({ url: path.replace(/\/[^/]+$/, '/wrong-token') });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.headers['content-type']).toContain('text/html');

    const confirmed = await t.app.inject({ url: path });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/');
    expect((await passwordGrant(t.app, client, 'mailbird', PASSWORD)).statusCode).toBe(200);
    const again = await t.app.inject({ url: path });
    expect(again.statusCode).toBe(400);
  });

  it("does not confirm an account with another account's link", async () => {
    await signUp(t.app, token, {
      username: 'birdone',
      email: 'one@starling.example',
      password: PASSWORD,
    });
    const [mail] = mailsTo(t, 'one@starling.example');
    const path = mail!.links[0]!.replace('http://127.0.0.1:4000', '');
    const memberId = (
      sql(t.ctx.db, "SELECT id FROM accounts WHERE nickname = 'member'").get() as {
        id: string;
      }
    ).id;
    const crossed = await t.app.inject({
      url: path.replace(/confirm_email\/[^/]+\//, `confirm_email/${memberId}/`),
    });
    expect(crossed.statusCode).toBe(400);
  });
});

describe('sign-ups from one address', () => {
  it('are limited, answered 429 beyond the limit', async () => {
    const { t, token } = await instance({
      limits: { registrations: { max: 2, windowMs: 60 * 60 * 1000 } },
    });
    try {
      const statuses = [];
      for (const username of ['rate1', 'rate2', 'rate3'])
        statuses.push((await signUp(t.app, token, { username, password: PASSWORD })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/v1/accounts',
        headers: bearer(token),
        payload: { username: 'rate4', password: PASSWORD },
        remoteAddress: '10.1.2.3',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('the administration page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => t.close());

  it('is served at AdminFE’s address with a script file and a strict CSP', async () => {
    for (const url of ['/pleroma/admin', '/pleroma/admin/']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      // One script, from a file: nothing inline.
      expect(page.body.match(/<script\b[^>]*>/g)).toEqual([
        '<script type="module" src="/pleroma/admin/admin.js">',
      ]);
      for (const label of [
        'Username or e-mail',
        'Password',
        'Accounts awaiting approval',
        'Invites',
      ])
        expect(page.body).toContain(label);
      expect(page.body).toContain(
        '<button type="button" id="create-invite">Create invite</button>',
      );
    }
    const script = await t.app.inject({ url: '/pleroma/admin/admin.js' });
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('/api/v1/pleroma/admin/users/approve');
    expect(script.body).toContain('/registration/');
    const styles = await t.app.inject({ url: '/pleroma/admin/admin.css' });
    expect(styles.headers['content-type']).toContain('text/css');
  });
});

describe('a Mastodon-flavoured instance', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await makeTestApp(undefined, { flavour: 'mastodon', env: HOOKS_ON });
    addUser(t, 'member', { email: 'member@starling.example' });
    ({ token } = await appToken(t.app, 'read write'));
  });
  afterAll(async () => t.close());

  it('has no captcha, password reset request or administration page', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/pleroma/captcha'],
      ['GET', '/api/pleroma/captcha'],
      ['POST', '/auth/password?email=member@starling.example'],
      ['GET', '/pleroma/admin/'],
      ['GET', '/pleroma/admin/admin.js'],
      ['GET', '/api/v1/pleroma/password_reset/abc'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('signs up through POST /api/v1/accounts without a captcha, with Mastodon errors', async () => {
    const refused = await signUp(t.app, token, { username: 'member', password: 'short' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error:
        'Validation failed: Username has already been taken, Password should be at least 8 character(s), Agreement must be accepted',
      details: {
        username: [{ error: 'ERR_TAKEN', description: 'has already been taken' }],
        password: [{ error: 'ERR_TOO_SHORT', description: 'should be at least 8 character(s)' }],
        agreement: [{ error: 'ERR_ACCEPTED', description: 'must be accepted' }],
      },
    });
    const response = await signUp(t.app, token, {
      username: 'mastobird',
      email: 'mastobird@starling.example',
      password: PASSWORD,
      agreement: 'true',
      locale: 'en',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ token_type: 'Bearer', scope: 'read write' });
  });

  it('says who may sign up in its instance documents', async () => {
    const v1 = (await t.app.inject({ url: '/api/v1/instance' })).json();
    const nodeinfo = (await t.app.inject({ url: '/nodeinfo/2.0.json' })).json();
    expect(v1.registrations).toBe(true);
    expect(nodeinfo.openRegistrations).toBe(true);
  });
});

describe('signing in with a password other ways', () => {
  it('refuses an account awaiting approval on the authorize page too', async () => {
    const { t, token } = await instance({ registrations: 'approval' });
    try {
      await signUp(t.app, token, { username: 'waiting', password: PASSWORD, reason: 'hi' });
      const client = await appToken(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/oauth/authorize',
        payload: {
          response_type: 'code',
          client_id: client.client.client_id,
          redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
          scope: 'read',
          username: 'waiting',
          password: PASSWORD,
        },
      });
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain('Your account is awaiting approval.');
      // The seeded accounts, approved, still sign in.
      await passwordToken(t.app, 'member');
      expect(TEST_PASSWORD).not.toBe(PASSWORD);
    } finally {
      await t.close();
    }
  });
});
