import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { api, signedIn, unique } from './session.ts';

/**
 * The list screens (spec part 1, §2 lists). Dave keeps the lists here: no other journey reads
 * his lists or his navigation entries. He follows alice and admin, not bob.
 */

const navPanel = (page: Page) =>
  page.getByRole('navigation', { name: 'Navigation' }).filter({ visible: true }).first();

/** Types into the editor's person search; results come after its 2 s pause. */
async function search(page: Page, query: string) {
  await page.getByLabel('Search people').fill(query);
}

test('a list is made, filled by search, trimmed with undo, renamed, read and deleted', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const token = await signedIn(page, 'dave');
  const title = unique('Neighbours');
  const renamed = unique('Close neighbours');
  try {
    await page.goto('/lists');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Lists' })).toBeVisible();
    await main.getByRole('link', { name: 'New list' }).click();
    await expect(page).toHaveURL(/\/lists\/new$/);
    await main.getByLabel('Title', { exact: true }).fill(title);
    await main.getByRole('button', { name: 'Create list' }).click();
    await expect(page).toHaveURL(/\/lists\/[^/]+\/edit$/);
    const listId = /\/lists\/([^/]+)\/edit$/.exec(page.url())![1]!;
    await expect(main.getByText('Nobody is in this list yet.')).toBeVisible();

    // Only followed accounts are offered: dave does not follow bob.
    await search(page, 'bob');
    await expect(main.getByText('Nobody found.')).toBeVisible();
    await search(page, 'alice');
    await main.getByRole('button', { name: 'Add @alice' }).click();
    await search(page, 'admin');
    await main.getByRole('button', { name: 'Add @admin' }).click();
    const members = main.getByRole('list', { name: 'Members' });
    await expect(members.getByText('will be added')).toHaveCount(2);
    await main.getByRole('button', { name: 'Save members' }).click();
    await expect(main.getByText('Members saved.')).toBeVisible();
    await expect(members.getByText('will be added')).toHaveCount(0);

    // Removing is undoable until saved.
    await members.getByRole('button', { name: 'Remove @admin' }).click();
    await expect(members.getByText('will be removed')).toBeVisible();
    await members.getByRole('button', { name: 'Undo removing @admin' }).click();
    await expect(members.getByText('will be removed')).toHaveCount(0);
    await members.getByRole('button', { name: 'Remove @admin' }).click();
    await main.getByRole('button', { name: 'Save members' }).click();
    await expect(members.getByRole('listitem')).toHaveCount(1);
    await expect(members.getByText('@alice')).toBeVisible();
    const saved = await api<{ acct: string }[]>(token, 'GET', `api/v1/lists/${listId}/accounts`);
    expect(saved.body.map((account) => account.acct)).toEqual(['alice']);
    await expectNoA11yViolations(page, 'the list editor');

    await main.getByLabel('Title', { exact: true }).fill(renamed);
    await main.getByRole('button', { name: 'Update title' }).click();
    await expect(main.getByText('Title updated.')).toBeVisible();

    // The navigation has an entry for it, leading to its timeline of alice's posts.
    await navPanel(page).getByRole('link', { name: renamed }).click();
    await expect(page).toHaveURL(new RegExp(`/lists/${listId}$`));
    await expect(main.getByRole('heading', { name: renamed })).toBeVisible();
    await expect(main.getByRole('article').first()).toBeVisible();

    await navPanel(page).getByRole('link', { name: 'Manage lists' }).click();
    await expect(main.getByRole('link', { name: renamed, exact: true })).toBeVisible();
    await expectNoA11yViolations(page, 'the lists overview');
    await main.getByRole('link', { name: `Edit list ${renamed}` }).click();
    await main.getByRole('button', { name: 'Delete list' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/lists$/);
    await expect(main.getByRole('link', { name: renamed, exact: true })).toHaveCount(0);
    await expect(navPanel(page).getByRole('link', { name: renamed })).toHaveCount(0);
  } finally {
    const { body: lists } = await api<{ id: string; title: string }[]>(
      token,
      'GET',
      'api/v1/lists',
    );
    for (const list of lists.filter((l) => l.title === title || l.title === renamed))
      await api(token, 'DELETE', `api/v1/lists/${list.id}`);
  }
});
