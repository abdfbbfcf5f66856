import { expectNoA11yViolations } from './axe.ts';
import { expect } from './fixtures.ts';
import { ownInstanceTest } from './ownInstance.ts';
import {
  adminPage,
  answerCaptcha,
  fillRegistration,
  newUsername,
  nextCaptchaToken,
  registrationForm,
} from './registration.ts';
import { loginForm } from './session.ts';

const invite = ownInstanceTest(['--registrations', 'invite']);

invite.test(
  'an invite link lets someone sign up while registration is closed',
  async ({ page, browser }) => {
    const url = invite.instance.url;
    await page.goto('/registration');
    await expect(page).not.toHaveURL(/\/registration/);
    await page.goto('/login');
    await expect(loginForm(page).getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(loginForm(page).getByRole('link', { name: 'Register' })).toHaveCount(0);

    const adminContext = await browser.newContext({ baseURL: url });
    const admin = await adminContext.newPage();
    await adminPage(admin);
    await admin.getByRole('button', { name: 'Create invite' }).click();
    const link = admin.getByLabel('New invite link');
    await expect(link).toHaveValue(/\/registration\/\S+$/);
    const inviteLink = await link.inputValue();
    await expectNoA11yViolations(admin, 'the administration page');
    await adminContext.close();

    const username = newUsername('invited');
    const captcha = nextCaptchaToken(page);
    await page.goto(inviteLink);
    await expect(registrationForm(page).getByLabel('Invitation code')).not.toHaveValue('');
    await fillRegistration(page, { username });
    await answerCaptcha(page, captcha, url);
    await registrationForm(page).getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/main\/friends$/);
  },
);
