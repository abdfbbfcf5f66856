import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.ts';
import { registerApp } from './oauth.ts';

/**
 * Sign-up helpers: the captcha's answer and the instance's mails come from its test-only hooks
 * (STARLING_TEST_HOOKS, server/src/routes/test-registration.ts), never from the picture.
 */

export const NEW_PASSWORD = 'a-new-member-password';

const uniqueName = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

export const newUsername = (prefix = 'newbie'): string => uniqueName(prefix);

export async function captchaAnswer(url: string, token: string): Promise<string> {
  const response = await fetch(`${url}api/starling/test/captcha-answer?token=${token}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { answer: string }).answer;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** The mails the instance wrote to `to`'s address, oldest first. */
export async function mailsTo(url: string, to: string): Promise<Mail[]> {
  const response = await fetch(`${url}api/starling/test/mails?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Mail[];
}

/**
 * Waits for the captcha the registration screen asks for next, and returns its token: call
 * before the action that makes the screen fetch one.
 */
export function nextCaptchaToken(page: Page): Promise<string> {
  return page
    .waitForResponse((response) => /\/api(\/v1)?\/pleroma\/captcha$/.test(response.url()))
    .then(async (response) => ((await response.json()) as { token: string }).token);
}

/** Signs up through the API (as another client would), the captcha answered; returns the user's email. */
export async function registerThroughApi(
  url: string,
  username: string,
  password = 'first-password-123',
): Promise<string> {
  const app = await registerApp(url, { scopes: 'read write follow push' });
  const tokenResponse = await fetch(`${url}oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: app.client_id,
      client_secret: app.client_secret,
    }),
  });
  const appToken = ((await tokenResponse.json()) as { access_token: string }).access_token;
  const captcha = (await (await fetch(`${url}api/v1/pleroma/captcha`)).json()) as {
    token: string;
    answer_data: string;
  };
  const email = `${username}@mail.example`;
  const response = await fetch(`${url}api/v1/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${appToken}` },
    body: JSON.stringify({
      username,
      email,
      password,
      agreement: true,
      locale: 'en',
      captcha_token: captcha.token,
      captcha_answer_data: captcha.answer_data,
      captcha_solution: await captchaAnswer(url, captcha.token),
    }),
  });
  expect(response.status).toBe(200);
  return email;
}

export const registrationForm = (page: Page) => page.getByRole('form', { name: 'Registration' });

/** Fills the registration form's own fields (not the captcha). */
export async function fillRegistration(
  page: Page,
  fields: { username: string; email?: string; reason?: string },
): Promise<void> {
  const form = registrationForm(page);
  await form.getByLabel('Username').fill(fields.username);
  await form.getByLabel('Display name').fill(`New ${fields.username}`);
  if (fields.email) await form.getByLabel(/^Email/).fill(fields.email);
  await form.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Password confirmation').fill(NEW_PASSWORD);
  if (fields.reason) await form.getByLabel('Why do you want to join?').fill(fields.reason);
}

/** Signs the admin in on the local instance's administration page (AdminFE's address). */
export async function adminPage(page: Page): Promise<void> {
  await page.goto('/pleroma/admin/');
  await page.getByLabel('Username or e-mail').fill('admin');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Accounts awaiting approval' })).toBeVisible();
}

export async function answerCaptcha(
  page: Page,
  token: Promise<string>,
  url: string,
): Promise<void> {
  await registrationForm(page)
    .getByLabel('Captcha answer')
    .fill(await captchaAnswer(url, await token));
}

/**
 * A member of the shared instance that no other journey signs in as (password: the demo one),
 * for journeys that change what follows an account (its synced language or theme).
 */
export async function newcomer(url: string, prefix = 'newcomer'): Promise<string> {
  const username = newUsername(prefix);
  await registerThroughApi(url, username, DEMO_PASSWORD);
  return username;
}
