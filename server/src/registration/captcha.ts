import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import sharp from 'sharp';
import { randomToken } from '../auth/random.ts';
import { getSetting, setSetting } from '../db/index.ts';
import { captchaUsed, markCaptchaUsed } from '../db/registration.ts';
import { CAPTCHA_ALPHABET, CAPTCHA_GLYPHS } from './captcha-glyphs.ts';

/**
 * Pleroma's native captcha: a PNG of a few characters, a token naming it and opaque answer data
 * that lets the server check an answer later without keeping the answer. The answer data is
 * `<expiry seconds>.<MAC of token and expiry>.<MAC of token, expiry and answer>` under a secret
 * made once per instance, so it cannot be made up, moved to another token or outlived. Each
 * captcha is good for one try, right or wrong (used_captchas), and answers ignore case.
 */

export const CAPTCHA_SECONDS_VALID = 300;
export const CAPTCHA_LENGTH = 5;
const SECRET_KEY = 'captcha_secret';

export interface NativeCaptcha {
  type: 'native';
  token: string;
  url: string;
  answer_data: string;
  seconds_valid: number;
}

function secret(db: Database): string {
  const existing = getSetting(db, SECRET_KEY);
  if (existing) return existing;
  const made = randomToken(32);
  setSetting(db, SECRET_KEY, made);
  return made;
}

function mac(db: Database, ...parts: string[]): string {
  return createHmac('sha256', secret(db)).update(parts.join('\n')).digest('base64url');
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** How an answer is compared: case, spaces and dashes do not count. */
export function normaliseAnswer(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

export function randomAnswer(length = CAPTCHA_LENGTH): string {
  let answer = '';
  for (let i = 0; i < length; i++) answer += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return answer;
}

const WIDTH = 210;
const HEIGHT = 70;
const rand = (min: number, max: number) => min + Math.random() * (max - min);

/** The SVG of an answer: stroked glyphs, each turned and shifted a little, over noise lines. */
export function captchaSvg(answer: string): string {
  const parts: string[] = [];
  for (let i = 0; i < 7; i++) {
    const hue = Math.floor(rand(0, 360));
    parts.push(
      `<path d="M${rand(0, WIDTH).toFixed(1)} ${rand(0, HEIGHT).toFixed(1)} Q${rand(0, WIDTH).toFixed(1)} ${rand(0, HEIGHT).toFixed(1)} ${rand(0, WIDTH).toFixed(1)} ${rand(0, HEIGHT).toFixed(1)}" stroke="hsl(${hue},45%,55%)" stroke-width="${rand(1, 2.2).toFixed(1)}" fill="none"/>`,
    );
  }
  for (let i = 0; i < 40; i++) {
    parts.push(
      `<circle cx="${rand(0, WIDTH).toFixed(1)}" cy="${rand(0, HEIGHT).toFixed(1)}" r="${rand(0.6, 1.6).toFixed(1)}" fill="hsl(${Math.floor(rand(0, 360))},40%,50%)"/>`,
    );
  }
  const step = (WIDTH - 30) / answer.length;
  [...answer].forEach((char, index) => {
    const glyph = CAPTCHA_GLYPHS[char];
    if (!glyph) return;
    const scale = rand(2.3, 2.7);
    const x = 15 + index * step + rand(0, step - 10 * scale);
    const y = (HEIGHT - 16 * scale) / 2 + rand(-6, 6);
    const angle = rand(-16, 16);
    const hue = Math.floor(rand(190, 330));
    // The stroke width is divided by the scale so every glyph's stroke is about 3.4px.
    parts.push(
      `<path transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle.toFixed(1)} 5 8) scale(${scale.toFixed(2)})" d="${glyph}" stroke="hsl(${hue},60%,25%)" stroke-width="${(3.4 / scale).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="#f1ede4"/>${parts.join('')}</svg>`;
}

export async function renderCaptchaPng(answer: string): Promise<Buffer> {
  return sharp(Buffer.from(captchaSvg(answer)))
    .png()
    .toBuffer();
}

/** A new captcha and, for the test hook, its answer. */
export async function newCaptcha(
  db: Database,
  now = Date.now(),
): Promise<{ captcha: NativeCaptcha; answer: string; expiresAt: number }> {
  const answer = randomAnswer();
  const token = randomToken(16);
  const expiresAt = Math.floor(now / 1000) + CAPTCHA_SECONDS_VALID;
  const expiry = String(expiresAt);
  const png = await renderCaptchaPng(answer);
  return {
    answer,
    expiresAt: expiresAt * 1000,
    captcha: {
      type: 'native',
      token,
      url: `data:image/png;base64,${png.toString('base64')}`,
      answer_data: `${expiry}.${mac(db, 'token', token, expiry)}.${mac(db, 'answer', token, expiry, answer)}`,
      seconds_valid: CAPTCHA_SECONDS_VALID,
    },
  };
}

/** Pleroma's captcha error sentences (Pleroma.Captcha.Error). */
export const CAPTCHA_ERRORS = {
  missing: (name: string) => `Invalid CAPTCHA (Missing parameter: ${name})`,
  invalid: 'Invalid CAPTCHA',
  expired: 'CAPTCHA expired',
  alreadyUsed: 'CAPTCHA already used',
  invalidAnswerData: 'Invalid answer data',
} as const;

export interface CaptchaAnswer {
  captcha_token?: string;
  captcha_solution?: string;
  captcha_answer_data?: string;
}

/**
 * Checks an answer; null when right, else Pleroma's sentence. A captcha this instance made is
 * used up by the try, right or wrong, so its answer cannot be guessed at.
 */
export function checkCaptcha(db: Database, answer: CaptchaAnswer, now = Date.now()): string | null {
  for (const name of ['captcha_solution', 'captcha_token', 'captcha_answer_data'] as const) {
    if (typeof answer[name] !== 'string' || answer[name] === '')
      return CAPTCHA_ERRORS.missing(name);
  }
  const token = answer.captcha_token!;
  const [expiry = '', tokenMac = '', answerMac = '', ...rest] =
    answer.captcha_answer_data!.split('.');
  if (
    rest.length > 0 ||
    !/^\d{1,12}$/.test(expiry) ||
    !sameText(tokenMac, mac(db, 'token', token, expiry))
  )
    return CAPTCHA_ERRORS.invalidAnswerData;
  const expiresAt = Number(expiry) * 1000;
  if (expiresAt <= now) return CAPTCHA_ERRORS.expired;
  if (captchaUsed(db, token)) return CAPTCHA_ERRORS.alreadyUsed;
  if (!markCaptchaUsed(db, token, new Date(expiresAt).toISOString()))
    return CAPTCHA_ERRORS.alreadyUsed;
  const solution = normaliseAnswer(answer.captcha_solution!);
  return sameText(answerMac, mac(db, 'answer', token, expiry, solution))
    ? null
    : CAPTCHA_ERRORS.invalid;
}
