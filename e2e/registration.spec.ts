import { expectNoA11yViolations } from './axe.ts';
import { expect, instanceUrl, test } from './fixtures.ts';
import {
  NEW_PASSWORD,
  captchaAnswer,
  fillRegistration,
  mailsTo,
  newUsername,
  nextCaptchaToken,
  registerThroughApi,
  registrationForm,
} from './registration.ts';
import { loginForm, signInWithForm } from './session.ts';

test('a visitor signs up with the captcha, a wrong answer bringing a new one, and lands signed in', async ({
  page,
}) => {
  const username = newUsername();
  await page.goto('/login');
  let captcha = nextCaptchaToken(page);
  await loginForm(page).getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/registration$/);
  const form = registrationForm(page);
  await expect(form.getByRole('img', { name: /Captcha picture/ })).toBeVisible();
  const firstToken = await captcha;
  await expectNoA11yViolations(page, 'the registration form', 'main');

  await fillRegistration(page, { username });
  await form.getByLabel('Captcha answer').fill('wrong');
  captcha = nextCaptchaToken(page);
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('The account could not be created:')).toBeVisible();
  await expect(form.getByText(/Invalid CAPTCHA/).first()).toBeVisible();
  const secondToken = await captcha;
  expect(secondToken).not.toBe(firstToken);
  // Nothing typed is lost but the spent answer.
  await expect(form.getByLabel('Username')).toHaveValue(username);
  await expect(form.getByLabel('Password', { exact: true })).toHaveValue(NEW_PASSWORD);

  await form.getByLabel('Captcha answer').fill(await captchaAnswer(instanceUrl(), secondToken));
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/main\/friends$/);
  await page.getByRole('button', { name: 'Settings', exact: true }).waitFor();
  const me = await page.evaluate(async () => {
    const stored = JSON.parse(localStorage.getItem('starling:oauth-token') ?? '{}') as {
      token?: string;
    };
    const response = await fetch('/api/v1/accounts/verify_credentials', {
      headers: { authorization: `Bearer ${stored.token}` },
    });
    return ((await response.json()) as { username: string }).username;
  });
  expect(me).toBe(username);
});

test('a forgotten password is reset through the mailed link and the new one signs in', async ({
  page,
}) => {
  const url = instanceUrl();
  const username = newUsername('forgetful');
  const email = await registerThroughApi(url, username);

  await page.goto('/login');
  await loginForm(page).getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/password-reset$/);
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByText('Check your email for a link to reset your password.')).toBeVisible();
  await expectNoA11yViolations(page, 'the password reset screen', 'main');

  const [mail] = await mailsTo(url, email);
  const link = mail?.links.find((address) => address.includes('/password_reset/'));
  expect(link).toBeTruthy();
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('my-brand-new-password');
  await page.getByLabel('New password again').fill('my-brand-new-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  await page.goto('/login');
  await signInWithForm(page, username, 'my-brand-new-password');
  await expect(page).toHaveURL(/\/main\/friends$/);
});
