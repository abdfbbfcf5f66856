import { expectNoA11yViolations } from './axe.ts';
import { expect, postStatus, test } from './fixtures.ts';
import { signedIn, unique, uniqueTag } from './session.ts';

/** The search screen: posts, people and hashtags in tabs; a handle opens its profile. */

test('search finds a post, a person and a hashtag with its week, and resolves a handle', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const token = await signedIn(page, 'dave');
  const tag = uniqueTag('searchjourney');
  const text = unique('Search journey');
  await postStatus(token, `${text} #${tag}`);

  // A post, from the desktop bar's search box.
  await page.goto('/main/friends');
  const barField = page.getByRole('searchbox', { name: 'Search', exact: true });
  await barField.fill(text);
  await barField.press('Enter');
  await expect(page).toHaveURL(/\/search\?query=/);
  const main = page.getByRole('main');
  await expect(main.getByRole('tab', { name: 'Statuses (1)' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(main.getByRole('article').filter({ hasText: text })).toBeVisible();

  // A person, with a follow button, from the screen's own field.
  const field = main.getByRole('combobox', { name: 'Search statuses, people and hashtags' });
  await field.fill('heron of birds');
  await field.press('Enter');
  await main.getByRole('tab', { name: /^People \(/ }).click();
  const heron = main.getByRole('listitem').filter({ hasText: '@heron@birds.example' });
  await expect(heron.getByRole('button', { name: /Follow|Unfollow|Following/ })).toBeVisible();

  // A hashtag with the latest day's use and the week's chart.
  await field.fill(`#${tag}`);
  await field.press('Enter');
  await main.getByRole('tab', { name: 'Hashtags (1)' }).click();
  const hashtag = main.getByRole('listitem').filter({ hasText: `#${tag}` });
  await expect(hashtag.getByText('Latest day: 1 person, 1 use')).toBeVisible();
  await expect(
    hashtag.getByRole('img', { name: /^Use over the last 7 days: .*: 1 use$/ }),
  ).toBeVisible();
  await expectNoA11yViolations(page, 'the search screen', 'main');

  // Recent queries are offered on an empty search.
  await page.goto('/search');
  const recent = main.getByRole('navigation', { name: 'Recent searches' });
  await expect(recent.getByRole('link', { name: `#${tag}` })).toBeVisible();

  // A remote handle resolves and opens that profile.
  await field.fill('kestrel@elsewhere.example');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/users\/[^/?]+$/);
  await expect(main.getByText('@kestrel@elsewhere.example', { exact: true }).first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
