import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { readCaptcha, registrationBody, registrationErrors } from './registration.ts';

const fixturesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../shared/fixtures',
);
const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(path.join(fixturesDir, name), 'utf8'));

describe('readCaptcha', () => {
  it('reads the native captcha: a data: picture, its token and answer data', () => {
    expect(
      readCaptcha({
        type: 'native',
        token: 'tok',
        url: 'data:image/png;base64,AAAA',
        answer_data: 'encrypted',
        seconds_valid: 300,
      }),
    ).toEqual({
      kind: 'image',
      type: 'native',
      token: 'tok',
      url: 'data:image/png;base64,AAAA',
      answerData: 'encrypted',
      secondsValid: 300,
    });
  });

  it("reads kocaptcha as Pleroma's documentation shows it (no answer data)", () => {
    expect(readCaptcha(fixture('pleroma-docs/captcha.kocaptcha.json'))).toEqual({
      kind: 'image',
      type: 'kocaptcha',
      token: 'whatever',
      url: 'https://captcha.kotobank.ch/endpoint',
      answerData: '',
      secondsValid: 300,
    });
  });

  it('reads type none, unknown types, a picture-less answer and garbage as no captcha', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const data of [
      { type: 'none' },
      { type: 'mystery', url: 'https://x.test/c.png' },
      { type: 'native', token: 't' },
      null,
      'captcha',
      [],
    ]) {
      expect(readCaptcha(data)).toEqual({ kind: 'none' });
    }
    warn.mockRestore();
  });
});

describe('registrationBody', () => {
  const base = {
    username: 'wren',
    fullname: 'Wren',
    email: 'wren@example.test',
    bio: '',
    password: 'p',
    confirm: 'p',
    locale: 'en',
  };

  it('sends the username as nickname too, agrees to the terms and leaves out what is not given', () => {
    expect(registrationBody(base)).toEqual({
      username: 'wren',
      nickname: 'wren',
      fullname: 'Wren',
      email: 'wren@example.test',
      bio: '',
      password: 'p',
      confirm: 'p',
      agreement: true,
      locale: 'en',
    });
    expect(
      registrationBody({ ...base, birthday: '', reason: '', inviteToken: '' }),
    ).not.toHaveProperty('birthday');
  });

  it('adds the birthday, the reason, the invitation and the captcha answer when there are some', () => {
    expect(
      registrationBody({
        ...base,
        birthday: '1990-04-01',
        reason: 'Birds',
        inviteToken: 'inv-1',
        captcha: { solution: 'x7k2', token: 'ct', answerData: 'ad' },
      }),
    ).toMatchObject({
      birthday: '1990-04-01',
      reason: 'Birds',
      token: 'inv-1',
      captcha_solution: 'x7k2',
      captcha_token: 'ct',
      captcha_answer_data: 'ad',
    });
  });
});

describe('registrationErrors', () => {
  it("reads Pleroma's field errors sent as a JSON string in error", () => {
    expect(
      registrationErrors({
        error: JSON.stringify({ email: ["can't be blank"], ap_id: ['has already been taken'] }),
      }),
    ).toEqual([
      { field: 'email', messages: ["can't be blank"] },
      { field: 'ap_id', messages: ['has already been taken'] },
    ]);
  });

  it('reads error given as an object, and a plain sentence as about the whole form', () => {
    expect(registrationErrors({ error: { captcha: ['Invalid CAPTCHA'] } })).toEqual([
      { field: 'captcha', messages: ['Invalid CAPTCHA'] },
    ]);
    expect(registrationErrors({ error: 'Missing parameter: email' })).toEqual([
      { field: null, messages: ['Missing parameter: email'] },
    ]);
    expect(registrationErrors({ error: '{not json' })).toEqual([
      { field: null, messages: ['{not json'] },
    ]);
  });

  it("reads Mastodon's details, one description per complaint", () => {
    expect(
      registrationErrors({
        error: 'Validation failed: Username is already taken',
        details: {
          username: [{ error: 'ERR_TAKEN', description: 'is already taken' }],
          agreement: [{ error: 'ERR_ACCEPTED' }],
        },
      }),
    ).toEqual([{ field: 'username', messages: ['is already taken'] }]);
    expect(
      registrationErrors({
        error: 'Validation failed: Agreement must be accepted',
        details: { agreement: [{ error: 'ERR_ACCEPTED' }] },
      }),
    ).toEqual([{ field: null, messages: ['Validation failed: Agreement must be accepted'] }]);
  });

  it('says nothing for a body without anything readable (a gateway page, an empty answer)', () => {
    expect(registrationErrors('<html><body>Bad gateway</body></html>')).toEqual([]);
    expect(registrationErrors(null)).toEqual([]);
    expect(registrationErrors({})).toEqual([]);
    expect(registrationErrors({ error: { email: [] } })).toEqual([]);
  });
});
