import { expect } from './fixtures.ts';
import { ownInstanceTest } from './ownInstance.ts';
import {
  NEW_PASSWORD,
  adminPage,
  answerCaptcha,
  fillRegistration,
  newUsername,
  nextCaptchaToken,
  registrationForm,
} from './registration.ts';
import { loginForm, signInWithForm } from './session.ts';

const approval = ownInstanceTest(['--registrations', 'approval']);

approval.test(
  'on an instance that approves accounts, a newcomer waits until the admin approves',
  async ({ page, browser }) => {
    const url = approval.instance.url;
    const username = newUsername('waiting');
    const captcha = nextCaptchaToken(page);
    await page.goto('/registration');
    await fillRegistration(page, { username, reason: 'I watch birds and want to share.' });
    await answerCaptcha(page, captcha, url);
    await registrationForm(page).getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'awaits approval' })).toBeVisible();

    await page.goto('/login');
    await signInWithForm(page, username, NEW_PASSWORD);
    await expect(loginForm(page).getByText('Your account is awaiting approval.')).toBeVisible();

    const adminContext = await browser.newContext({ baseURL: url });
    const admin = await adminContext.newPage();
    await adminPage(admin);
    await expect(
      admin.getByRole('cell', { name: 'I watch birds and want to share.' }),
    ).toBeVisible();
    await admin.getByRole('button', { name: `Approve @${username}` }).click();
    await expect(admin.getByRole('button', { name: `Approve @${username}` })).toHaveCount(0);
    await adminContext.close();

    await signInWithForm(page, username, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/main\/friends$/);
  },
);
