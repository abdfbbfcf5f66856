import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerContext } from '../context.ts';
import { migrate } from '../db/index.ts';
import {
  CAPTCHA_ERRORS,
  CAPTCHA_SECONDS_VALID,
  captchaSvg,
  checkCaptcha,
  newCaptcha,
  normaliseAnswer,
  randomAnswer,
} from './captcha.ts';
import { CAPTCHA_ALPHABET, CAPTCHA_GLYPHS } from './captcha-glyphs.ts';
import { readOutbox, sendMail } from './outbox.ts';
import { RateLimiter } from './rate-limit.ts';

let db: Database.Database;
beforeEach(() => {
  db = new Database(':memory:');
  migrate(db);
});
afterEach(() => db.close());

describe('the captcha image', () => {
  it('draws every character of its alphabet as paths, with no text or font', () => {
    expect(CAPTCHA_ALPHABET).toMatch(/^[A-Z0-9]+$/);
    for (const lookalike of ['0', 'O', '1', 'I', 'L', 'S', '5', 'B', '8'])
      expect(CAPTCHA_ALPHABET).not.toContain(lookalike);
    const svg = captchaSvg(CAPTCHA_ALPHABET);
    expect(svg).not.toMatch(/<text|font/i);
    for (const glyph of Object.values(CAPTCHA_GLYPHS)) expect(svg).toContain(`d="${glyph}"`);
  });

  it('answers with characters of the alphabet', () => {
    for (let i = 0; i < 50; i++) {
      const answer = randomAnswer();
      expect(answer).toHaveLength(5);
      for (const char of answer) expect(CAPTCHA_ALPHABET).toContain(char);
    }
    expect(normaliseAnswer(' ab-c d ')).toBe('ABCD');
  });
});

describe('checking an answer', () => {
  const NOW = Date.UTC(2030, 0, 1);

  it('takes the right answer once, within its time', async () => {
    const { captcha, answer } = await newCaptcha(db, NOW);
    const solved = {
      captcha_token: captcha.token,
      captcha_answer_data: captcha.answer_data,
      captcha_solution: answer.toLowerCase(),
    };
    expect(checkCaptcha(db, solved, NOW + 1000)).toBeNull();
    expect(checkCaptcha(db, solved, NOW + 2000)).toBe(CAPTCHA_ERRORS.alreadyUsed);
  });

  it('refuses late, wrong, forged and incomplete answers', async () => {
    const { captcha, answer } = await newCaptcha(db, NOW);
    const base = {
      captcha_token: captcha.token,
      captcha_answer_data: captcha.answer_data,
      captcha_solution: answer,
    };
    expect(checkCaptcha(db, base, NOW + CAPTCHA_SECONDS_VALID * 1000)).toBe(CAPTCHA_ERRORS.expired);
    expect(checkCaptcha(db, { ...base, captcha_token: 'other' }, NOW)).toBe(
      CAPTCHA_ERRORS.invalidAnswerData,
    );
    expect(checkCaptcha(db, { ...base, captcha_answer_data: 'garbage' }, NOW)).toBe(
      CAPTCHA_ERRORS.invalidAnswerData,
    );
    expect(checkCaptcha(db, { ...base, captcha_solution: '' }, NOW)).toBe(
      'Invalid CAPTCHA (Missing parameter: captcha_solution)',
    );
    expect(checkCaptcha(db, { ...base, captcha_solution: 'ZZZZZZ' }, NOW)).toBe(
      CAPTCHA_ERRORS.invalid,
    );
    // The wrong try used it up: the right answer comes too late.
    expect(checkCaptcha(db, base, NOW)).toBe(CAPTCHA_ERRORS.alreadyUsed);
  });

  it('forgets used captchas once they have expired', async () => {
    const count = () =>
      (db.prepare('SELECT count(*) AS n FROM used_captchas').get() as { n: number }).n;
    const solve = async (at: number) => {
      const { captcha, answer } = await newCaptcha(db, at);
      const solved = {
        captcha_token: captcha.token,
        captcha_answer_data: captcha.answer_data,
        captcha_solution: answer,
      };
      expect(checkCaptcha(db, solved, at)).toBeNull();
    };
    await solve(Date.now() - 10 * 60 * 1000);
    expect(count()).toBe(1);
    await solve(Date.now());
    expect(count()).toBe(1);
  });
});

describe('the rate limiter', () => {
  it('allows max requests per window and key', () => {
    let now = 0;
    const limiter = new RateLimiter({ max: 2, windowMs: 1000 }, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, false]);
    expect(limiter.take('b')).toBe(true);
    now = 1000;
    expect(limiter.take('a')).toBe(true);
  });
});

describe('the outbox', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'starling-outbox-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one .eml file per mail, with no header injection', () => {
    const ctx = { dataDir: dir, origin: 'http://127.0.0.1:4000' } as ServerContext;
    const file = sendMail(ctx, {
      to: 'bird@starling.example\r\nBcc: someone@elsewhere.example',
      subject: 'Hello',
      text: 'Open http://127.0.0.1:4000/x/y now.\nBye',
    });
    expect(file).toMatch(/outbox\/\d{4}-.*\.eml$/);
    const content = readFileSync(file, 'utf8');
    expect(content).not.toMatch(/^Bcc:/m);
    expect(content).toContain('From: Starling local <noreply@127.0.0.1>');
    expect(content).toContain('Content-Type: text/plain; charset=utf-8');
    const [mail] = readOutbox(dir);
    expect(mail).toMatchObject({
      to: 'bird@starling.example Bcc: someone@elsewhere.example',
      subject: 'Hello',
      text: 'Open http://127.0.0.1:4000/x/y now.\nBye',
      links: ['http://127.0.0.1:4000/x/y'],
    });
  });
});
