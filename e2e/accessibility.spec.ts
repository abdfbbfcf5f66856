import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { api, signedIn, unique } from './session.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { apiToken, postStatus } from './fixtures.ts';

/**
 * axe-core on every built screen and every dialog there is today, at the desktop and the phone
 * size: any violation, of any impact, fails (issue 20's quality bar).
 */

const SIZES = [
  { name: 'desktop', width: 1400, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const firstArticle = (page: Page) => page.getByRole('article').first();

/** A public status of the seed, to open its conversation. */
async function someStatusId(): Promise<string> {
  const { body } = await api<{ id: string; in_reply_to_id: string | null }[]>(
    null,
    'GET',
    'api/v1/timelines/public?local=true&limit=20',
  );
  return (body.find((status) => status.in_reply_to_id) ?? body[0])!.id;
}

/**
 * Opens `path`: the first by loading the page, the next ones as the app's own links do (history
 * and popstate), so the page, the app and axe stay loaded between screens.
 */
async function visit(page: Page, path: string, first: boolean): Promise<void> {
  if (first) {
    await page.goto(path);
    return;
  }
  const heading = page.getByRole('heading', { level: 1 });
  const before = await heading.textContent().catch(() => null);
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(path);
  if (before !== null) await expect(heading).not.toHaveText(before);
}

/** Waits for a screen to settle: its heading, and for timelines their first post. */
async function settled(page: Page, withPosts: boolean): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (withPosts) await expect(firstArticle(page)).toBeVisible();
  // The lazily loaded action bars and chips.
  await page.waitForLoadState('networkidle');
}

for (const size of SIZES) {
  const phone = size.width < 500;
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
    });

    // One page per group, moving between screens as the app does (no reload): every screen is
    // scanned as a person reaches it, and the app and axe start once, not once per screen.
    test('anonymous screens', async ({ page }) => {
      test.setTimeout(60_000);
      // The whole-network and tag timelines are the public one's screen with other posts: the
      // desktop scans them; the phone, whose layout differs around the posts, scans it once.
      const screens = [
        ['/main/public', true],
        ...(phone
          ? []
          : ([
              ['/main/all', true],
              ['/tag/starling', true],
            ] as const)),
        ['/login', false],
        ['/about', false],
        [`/notice/${await someStatusId()}`, true],
      ] as const;
      for (const [index, [path, withPosts]] of screens.entries()) {
        await visit(page, path, index === 0);
        await settled(page, withPosts);
        await expectNoA11yViolations(page, `${path} (anonymous, ${size.name})`);
      }
    });

    test('signed-in screens', async ({ page }) => {
      test.setTimeout(60_000);
      await signedIn(page, 'alice');
      // On the phone, the public timeline and the drafts list are scanned signed out and as
      // bookmarks (the same list screen) already.
      const screens = [
        ['/main/friends', true],
        ...(phone ? [] : ([['/main/public', true]] as const)),
        ['/bookmarks', false],
        ...(phone ? [] : ([['/drafts', false]] as const)),
        ['/nav-edit', false],
        [`/notice/${await someStatusId()}`, true],
      ] as const;
      for (const [index, [path, withPosts]] of screens.entries()) {
        await visit(page, path, index === 0);
        await settled(page, withPosts);
        await expectNoA11yViolations(page, `${path} (signed in, ${size.name})`);
      }
    });

    test('dialogs: new post, emoji picker, settings, confirmation', async ({ page }) => {
      test.setTimeout(60_000);
      await signedIn(page, 'alice');
      await page.goto('/main/friends');
      await settled(page, true);

      await page.getByRole('button', { name: 'New post' }).first().click();
      const composer = page.getByRole('dialog', { name: /new status|new post/i });
      await expect(composer).toBeVisible();
      await expectNoA11yViolations(page, `new post dialog (${size.name})`);
      await composer.getByRole('textbox', { name: "What's on your mind?" }).fill('Hello :sta');
      await expect(composer.getByRole('option').first()).toBeVisible();
      await expectNoA11yViolations(page, `composer autocomplete (${size.name})`);
      await composer.getByRole('textbox', { name: "What's on your mind?" }).fill('Hello');
      await composer.getByRole('button', { name: 'Insert emoji' }).click();
      await expect(page.getByRole('group', { name: 'Emoji picker' })).toBeVisible();
      await expectNoA11yViolations(page, `emoji picker (${size.name})`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('group', { name: 'Emoji picker' })).toHaveCount(0);
      await expect(composer.getByRole('button', { name: 'Insert emoji' })).toBeFocused();
      await composer.getByRole('textbox', { name: "What's on your mind?" }).fill('');
      await composer.getByRole('button', { name: 'Close' }).click();
      await expect(composer).toHaveCount(0);

      await page.goto('/main/public');
      await settled(page, true);
      // On a phone, settings and logout are in the side drawer.
      const openDrawer = async () => {
        await page.getByRole('button', { name: 'Menu' }).click();
        const drawer = page.getByRole('dialog', { name: 'Menu' });
        await expect(drawer).toBeVisible();
        return drawer;
      };
      if (phone) {
        await openDrawer();
        await expectNoA11yViolations(page, `side drawer (${size.name})`);
        await page.getByRole('button', { name: 'Settings', exact: true }).click();
      } else {
        await page.getByRole('button', { name: 'Settings', exact: true }).click();
      }
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await expect(settings).toBeVisible();
      await expectNoA11yViolations(page, `settings dialog (${size.name})`);
      await page.keyboard.press('Escape');
      await expect(settings).toHaveCount(0);

      if (phone) {
        await page.getByRole('button', { name: /^Notifications/ }).click();
        const notifications = page.getByRole('dialog', { name: 'Notifications' });
        await expect(notifications).toBeVisible();
        await expectNoA11yViolations(page, `notifications drawer (${size.name})`);
        await page.keyboard.press('Escape');
        await expect(notifications).toHaveCount(0);
        await openDrawer();
      }
      await page.getByRole('button', { name: 'Log out' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectNoA11yViolations(page, `confirmation dialog (${size.name})`);
    });

    test('dialogs: report, post history, media viewer, key list', async ({ page }) => {
      test.setTimeout(60_000);
      const bob = await apiToken('bob', DEMO_PASSWORD);
      const text = unique('Edited for the scan');
      const { id } = await postStatus(bob, text);
      await api(bob, 'PUT', `api/v1/statuses/${id}`, { status: `${text} (edited)` });
      await signedIn(page, 'alice');
      await page.goto(`/notice/${id}`);
      const post = page.locator(`article[data-status-id="${id}"]`);
      await expect(post).toContainText('(edited)');
      await page.waitForLoadState('networkidle');

      await post.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Report' }).click();
      const report = page.getByRole('dialog', { name: 'Reporting @bob' });
      await expect(report).toBeVisible();
      await expectNoA11yViolations(page, `report dialog (${size.name})`);
      await page.keyboard.press('Escape');
      await expect(report).toHaveCount(0);

      await post.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'History' }).click();
      const history = page.getByRole('dialog', { name: /history/i });
      await expect(history).toContainText('(edited)');
      await expectNoA11yViolations(page, `post history dialog (${size.name})`);
      await page.keyboard.press('Escape');
      await expect(history).toHaveCount(0);

      await page.goto('/tag/starling');
      const tile = page.getByRole('button', { name: /^View media 1 of/ }).first();
      await tile.click();
      const viewer = page.getByRole('dialog', { name: /Media viewer/ });
      await expect(viewer).toBeVisible();
      await expect(viewer.getByRole('status')).toHaveCount(0);
      await expectNoA11yViolations(page, `media viewer (${size.name})`);
      await page.keyboard.press('Escape');
      await expect(viewer).toHaveCount(0);

      await page.keyboard.press('?');
      const keys = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect(keys).toContainText('Next post');
      await expectNoA11yViolations(page, `key list (${size.name})`);
    });
  });
}

test('/login has one login form and /about one instance and one features panel; each landmark is unique', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Log in' })).toHaveCount(1);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'About this instance' })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Features', exact: true })).toHaveCount(1);
  // Elsewhere the sidebar keeps them.
  await page.goto('/main/public');
  await expect(page.getByRole('form', { name: 'Log in' })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'About this instance' })).toHaveCount(1);
});

test('polls are groups named by their options, and two alike name no landmark twice', async ({
  page,
}) => {
  const carol = await apiToken('carol', DEMO_PASSWORD);
  const tag = unique('Two polls').replace(/\W/g, '');
  for (const options of [
    ['Tea', 'Coffee'],
    ['Nest', 'Cavity'],
    ['Tea', 'Coffee'],
  ]) {
    await api(carol, 'POST', 'api/v1/statuses', {
      status: `#${tag} ${options.join(' or ')}?`,
      poll: { options, expires_in: 3600 },
    });
  }
  await page.goto(`/tag/${tag}`);
  const polls = page.getByRole('group', { name: /^Poll/ });
  await expect(polls).toHaveCount(3);
  const names = await polls.evaluateAll((groups) =>
    groups.map((group) => group.getAttribute('aria-label')),
  );
  expect(names.sort()).toEqual(['Poll: Nest / Cavity', 'Poll: Tea / Coffee', 'Poll: Tea / Coffee']);
  await expectNoA11yViolations(page, 'two polls with the same options');
});

test('the timeline settings, a poll to vote in and the highlight dialog draw themed controls that pass axe', async ({
  page,
}) => {
  const carol = await apiToken('carol', DEMO_PASSWORD);
  const tag = unique('Themed vote').replace(/\W/g, '');
  await api(carol, 'POST', 'api/v1/statuses', {
    status: `#${tag} Tea or coffee?`,
    poll: { options: ['Tea', 'Coffee'], expires_in: 3600 },
  });
  await signedIn(page, 'alice');
  await page.goto(`/tag/${tag}`);
  const themed = (control: ReturnType<Page['getByRole']>) =>
    control.evaluate((element) => getComputedStyle(element).appearance);

  await page.getByRole('button', { name: 'Timeline settings' }).click();
  // Looked at, not changed: the preferences follow alice to other journeys.
  const onlyMine = page.getByRole('radio', { name: 'Replies to me' });
  await expect(page.getByRole('radio', { name: 'All replies' })).toBeChecked();
  expect(await themed(onlyMine)).toBe('none');
  expect(await themed(page.getByRole('checkbox', { name: 'Hide muted posts' }))).toBe('none');
  await onlyMine.evaluate((element) => element.closest('header')!.setAttribute('data-scan', ''));
  await expectNoA11yViolations(page, 'timeline settings', '[data-scan]');

  const tea = page.getByRole('group', { name: /^Poll/ }).getByRole('radio', { name: 'Tea' });
  await tea.check();
  expect(await themed(tea)).toBe('none');
  await expectNoA11yViolations(page, 'a poll to vote in', '[role="group"]');

  await page.goto('/users/bob');
  await page.locator('main').getByRole('button', { name: 'Account actions' }).click();
  await page.getByRole('menuitem', { name: 'Highlight' }).click();
  const dialog = page.getByRole('dialog', { name: /^Highlight for/ });
  await expect(dialog.getByLabel('Highlight type')).toHaveValue('disabled');
  expect(await themed(dialog.getByLabel('Highlight type'))).toBe('none');
  await expectNoA11yViolations(page, 'highlight dialog', '[role="dialog"]');
});

test('after a navigation the new screen heading has the focus; on the first load it does not', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/main/public');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  await expect(heading).not.toBeFocused();
  await page.getByRole('link', { name: 'About' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeFocused();
});

test('a screen whose heading comes with its data gets the focus once it arrives', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signedIn(page, 'alice');
  await page.goto('/main/public');
  await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible();
  // A profile (one's own, from the sidebar): its heading waits for the account.
  await page.getByRole('region', { name: 'Your account' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/users\/\w+$/);
  await expect(page.getByRole('heading', { level: 1, name: /Alice Lark/ })).toBeFocused();
  // The notifications screen, by its key.
  await page.keyboard.press('g');
  await page.keyboard.press('n');
  await expect(page).toHaveURL(/\/alice\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Notifications/ })).toBeFocused();
  await expectNoA11yViolations(page, 'the notifications screen');
});

test('a dialog starts on its first field: the settings on the tab list', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/main/public');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('tab', { selected: true })).toBeFocused();
  await expect
    .poll(() => page.locator('main').evaluate((main) => main.closest('[inert]') !== null))
    .toBe(true);
});

test('the composer, subject and search fields are labelled, their placeholders at 4.5:1', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signedIn(page, 'alice', { alwaysShowSubjectInput: true });
  await page.goto('/main/friends');
  const form = page.getByRole('form', { name: 'Post new status' }).first();
  const fields = [
    form.getByRole('textbox', { name: "What's on your mind?" }),
    form.getByRole('combobox', { name: 'Subject (optional)' }),
    page.getByRole('searchbox', { name: 'Search' }),
  ];
  for (const field of fields) {
    await expect(field).toBeVisible();
    const ratio = await field.evaluate((element) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      const luminance = (color: string) => {
        const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      };
      let backdrop: Element | null = element;
      let background = 'rgba(0, 0, 0, 0)';
      while (backdrop && /rgba\(.*, 0\)$|transparent/.test(background)) {
        background = getComputedStyle(backdrop).backgroundColor;
        backdrop = backdrop.parentElement;
      }
      const text = getComputedStyle(element, '::placeholder').color;
      const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a);
      return (light! + 0.05) / (dark! + 0.05);
    });
    expect(ratio, (await field.getAttribute('placeholder')) ?? '').toBeGreaterThanOrEqual(4.5);
  }
});

test('new posts waiting behind Show new are announced in a polite live region', async ({
  page,
}) => {
  // On a phone, where the button shows only the count.
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page, 'alice');
  await page.goto('/main/friends');
  await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible();
  const region = page.locator('[data-live-region]');
  await expect(region).toHaveAttribute('aria-live', 'polite');
  // Read further down: a post streamed meanwhile waits behind the button.
  await page.evaluate(() => window.scrollTo(0, 1500));
  await postStatus(await apiToken('bob', DEMO_PASSWORD), unique('Announced post'));
  await expect(region).toContainText(/New posts waiting: \d+/, { timeout: 15_000 });
  // Its name holds the count it shows, so speech control finds it by what is on screen.
  await expect(page.getByRole('button', { name: /^Show \d+ new posts?$/ })).toBeVisible();
  await expectNoA11yViolations(page, 'Show new on a phone');
});

test('new posts shown by themselves (streaming, at the top) are announced too', async ({
  page,
}) => {
  await signedIn(page, 'alice');
  await page.goto('/main/friends');
  await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible();
  const text = unique('Streamed and announced');
  await postStatus(await apiToken('bob', DEMO_PASSWORD), text);
  await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible({
    timeout: 8_000,
  });
  await expect(page.locator('[data-live-region]')).toContainText(/New posts shown: \d+/);
});

test('from load, the third post of the home timeline is reachable in at most 30 Tab presses', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signedIn(page, 'alice');
  await page.goto('/main/friends');
  const third = page.getByRole('feed').getByRole('article').nth(2);
  await expect(third).toBeVisible();
  await page.waitForLoadState('networkidle');
  const thirdId = await third.getAttribute('data-status-id');
  const focusedControl = () =>
    page.evaluate((id) => {
      const active = document.activeElement;
      const post = active?.closest('article[data-status-id]');
      return {
        inThird: post?.getAttribute('data-status-id') === id,
        inToolbar: active?.closest('[role="toolbar"]') !== null,
        favourite: active?.getAttribute('data-action') === 'favourite',
        name: active?.textContent ?? '',
      };
    }, thirdId);

  // The first stop skips to the posts.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to posts' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('feed').getByRole('article').first()).toBeFocused();
  let tabs = 1;
  let arrows = 0;
  for (;;) {
    const at = await focusedControl();
    if (at.inThird && at.favourite) break;
    // Along the post's action bar by its arrow keys.
    if (at.inThird && at.inToolbar) {
      await page.keyboard.press('ArrowRight');
      arrows += 1;
      if (arrows > 6) throw new Error('the action bar has no favourite button');
      continue;
    }
    if (tabs >= 60) break;
    await page.keyboard.press('Tab');
    tabs += 1;
  }
  console.log(
    `Tab presses from load to the third post's favourite button: ${tabs} (plus Enter on the skip link and ${arrows} arrow keys)`,
  );
  // By its id: a post another journey sends meanwhile may have come in above it.
  await expect(
    page.locator(`article[data-status-id="${thirdId}"] [data-action="favourite"]`),
  ).toBeFocused();
  expect(tabs).toBeLessThanOrEqual(30);
});
