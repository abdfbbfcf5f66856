import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.ts';
import { apiToken, expect, postStatus, test } from './fixtures.ts';
import { api, signedIn, unique } from './session.ts';

/** Journeys through the composer: scopes, formats, media, polls, emoji, mentions, edits, drafts. */

const sidebarForm = (page: Page): Locator =>
  page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('form', { name: 'Post new status' });
const textField = (form: Locator) => form.getByRole('textbox', { name: "What's on your mind?" });
const cardWith = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

interface RawStatus {
  id: string;
  content: string;
  visibility: string;
  spoiler_text: string;
  media_attachments: { description: string | null; preview_url: string }[];
}

/** The signed-in user's newest statuses, as the API gives them. */
async function ownStatuses(token: string, accountId: string): Promise<RawStatus[]> {
  return (await api<RawStatus[]>(token, 'GET', `api/v1/accounts/${accountId}/statuses?limit=40`))
    .body;
}

async function accountId(token: string): Promise<string> {
  return (await api<{ id: string }>(token, 'GET', 'api/v1/accounts/verify_credentials')).body.id;
}

/** A small PNG made here: 2×2 pixels (the server makes the thumbnail). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVQI12P8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test('each visibility reaches the people it names and no one else', async ({
  page,
  consoleErrors,
}) => {
  const alice = await signedIn(page, 'alice');
  const bob = await apiToken('bob', DEMO_PASSWORD); // follows alice
  const wren = await apiToken('wren', DEMO_PASSWORD); // does not
  const carol = await apiToken('carol', DEMO_PASSWORD);
  await page.goto('/main/friends');
  const form = sidebarForm(page);
  const posted: Record<string, string> = {};
  for (const [scope, label] of [
    ['public', 'Public'],
    ['unlisted', 'Unlisted'],
    ['private', 'Followers-only'],
    ['direct', 'Direct'],
  ] as const) {
    const text = unique(`Scope ${scope}`) + (scope === 'direct' ? ' @carol' : '');
    await form.getByRole('button', { name: label, exact: true }).click();
    await expect(form.getByRole('button', { name: label, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await textField(form).fill(text);
    await form.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(textField(form)).toHaveValue('');
    // The scope stays for the next post.
    await expect(form.getByRole('button', { name: label, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    posted[scope] = text;
  }
  // The home timeline shows one's own posts at once.
  await expect(cardWith(page, posted.public!)).toBeVisible();

  const mine = await ownStatuses(alice, await accountId(alice));
  const idOf = (scope: string) => {
    const status = mine.find((s) => s.content.includes(posted[scope]!.split(' @')[0]!));
    expect(status?.visibility).toBe(scope);
    return status!.id;
  };
  const publicTimeline = (await api<RawStatus[]>(null, 'GET', 'api/v1/timelines/public?limit=40'))
    .body;
  const onPublic = (scope: string) => publicTimeline.some((s) => s.id === idOf(scope));
  expect(onPublic('public')).toBe(true);
  expect(onPublic('unlisted')).toBe(false);
  expect(onPublic('private')).toBe(false);
  expect(onPublic('direct')).toBe(false);
  const seenBy = async (token: string, scope: string) =>
    (await api(token, 'GET', `api/v1/statuses/${idOf(scope)}`)).status;
  expect(await seenBy(wren, 'unlisted')).toBe(200);
  expect(await seenBy(bob, 'private')).toBe(200);
  expect(await seenBy(wren, 'private')).toBe(404);
  expect(await seenBy(carol, 'direct')).toBe(200);
  expect(await seenBy(bob, 'direct')).toBe(404);
  expect(consoleErrors).toEqual([]);
});

test('a reply starts with the followers-only scope and the people of the original', async ({
  page,
}) => {
  await signedIn(page, 'alice');
  const bob = await apiToken('bob', DEMO_PASSWORD);
  const text = unique('Only for my followers');
  const { id } = await postStatus(bob, text, 'private');
  await page.goto('/main/friends');
  await cardWith(page, text).getByRole('button', { name: 'Reply' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reply' });
  const reply = dialog.getByRole('textbox', { name: 'Your reply' });
  await expect(reply).toHaveValue('@bob ');
  // The mention was written for the person: no suggestions cover the toolbar until they type.
  await expect(reply).toBeFocused();
  await expect(dialog.getByRole('listbox')).toHaveCount(0);
  await expect(reply).not.toHaveAttribute('aria-controls');
  await expect(dialog.getByRole('button', { name: 'Followers-only' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(dialog.getByText('Your account is not')).toBeVisible();
  await reply.press('End');
  await reply.pressSequentially('agreed');
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  const context = await api<{ descendants: { visibility: string; content: string }[] }>(
    bob,
    'GET',
    `api/v1/statuses/${id}/context`,
  );
  expect(context.body.descendants).toEqual([
    expect.objectContaining({ visibility: 'private', content: expect.stringContaining('agreed') }),
  ]);
});

test('a content warning hides the post until shown; Markdown is rendered', async ({ page }) => {
  await signedIn(page, 'alice', { collapseMessageWithSubject: true });
  await page.goto('/main/friends');
  const form = sidebarForm(page);
  const subject = unique('Spoilers for the finale');
  await form.getByRole('combobox', { name: 'Subject (optional)' }).fill(subject);
  await textField(form).fill('The heron did it.');
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  const hidden = cardWith(page, subject);
  await expect(hidden).not.toContainText('The heron did it.');
  await hidden.getByRole('button', { name: 'Show content' }).click();
  await expect(hidden).toContainText('The heron did it.');

  const marker = unique('md');
  await form.getByRole('combobox', { name: 'Post format' }).selectOption('text/markdown');
  await textField(form).fill(`**${marker}** and _soft_`);
  await form.getByRole('checkbox', { name: 'Preview' }).check();
  await expect(
    form.getByRole('region', { name: 'Preview of the post' }).locator('strong'),
  ).toHaveText(marker);
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  const rendered = cardWith(page, marker);
  await expect(rendered.locator('strong')).toHaveText(marker);
  await expect(rendered.locator('em')).toHaveText('soft');
  // The format stays for the next post.
  await expect(form.getByRole('combobox', { name: 'Post format' })).toHaveValue('text/markdown');
});

test('an image is uploaded, described and posted; a file over the limit is refused first', async ({
  page,
}) => {
  // Handing a 17 MB file to the page takes seconds of its own on a busy machine.
  test.setTimeout(60_000);
  const alice = await signedIn(page, 'alice');
  await page.goto('/main/friends');
  const form = sidebarForm(page);
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/media')) uploads.push(request.method());
  });

  await form.locator('input[type=file]').setInputFiles({
    name: 'big.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(17_000_000),
  });
  await expect(form.getByRole('alert')).toHaveText(
    /Upload failed\. File too big \[16\.21MiB \/ 15\.26MiB\]/,
  );
  expect(uploads).toEqual([]);

  await form
    .locator('input[type=file]')
    .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
  const description = form.getByRole('textbox', { name: 'Description of 1' });
  await description.fill('Two by two pixels');
  await description.press('Enter'); // does nothing: no post yet
  expect(uploads).toEqual(['POST']);
  // Files and a poll do not go together: the poll button says so before anything is sent.
  const addPoll = form.getByRole('button', { name: 'Add a poll' });
  await expect(addPoll).toHaveAttribute('aria-disabled', 'true');
  await expect(addPoll).toHaveAccessibleDescription('A post can have files or a poll, not both');
  const text = unique('With a picture');
  await textField(form).fill(text);
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(cardWith(page, text).getByRole('img', { name: 'Two by two pixels' })).toBeVisible();
  // Found by its text: other journeys post as alice at the same time.
  const posted = (await ownStatuses(alice, await accountId(alice))).find((status) =>
    status.content.includes(text),
  );
  expect(posted?.media_attachments).toEqual([
    expect.objectContaining({ description: 'Two by two pixels' }),
  ]);
});

test('a poll made here is voted on by another account', async ({ page, browser }) => {
  await signedIn(page, 'alice');
  await page.goto('/main/friends');
  const form = sidebarForm(page);
  const question = unique('Tea or coffee?');
  await textField(form).fill(question);
  await form.getByRole('button', { name: 'Add a poll' }).click();
  await form.getByRole('textbox', { name: 'Option 1' }).fill('Tea');
  await form.getByRole('textbox', { name: 'Option 2' }).fill('Tea');
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(form.getByRole('alert')).toContainText('Too few unique options in poll');
  await form.getByRole('textbox', { name: 'Option 2' }).fill('Coffee');
  await form.getByRole('button', { name: 'Add option' }).click();
  await form.getByRole('textbox', { name: 'Option 3' }).fill('Water');
  await form.getByRole('combobox', { name: 'Unit' }).selectOption('hours');
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(cardWith(page, question)).toBeVisible();

  const bobPage = await browser.newPage();
  await signedIn(bobPage, 'bob');
  await bobPage.goto('/main/friends');
  const poll = cardWith(bobPage, question);
  await poll.getByRole('radio', { name: 'Coffee' }).check();
  await poll.getByRole('button', { name: 'Vote' }).click();
  await expect(poll).toContainText('1 person voted');
  await bobPage.close();
});

test('a post the server refuses keeps its draft, even across a reload', async ({ page }) => {
  await signedIn(page, 'alice');
  const bob = await apiToken('bob', DEMO_PASSWORD);
  const original = unique('About to be deleted');
  const { id } = await postStatus(bob, original);
  await page.goto('/main/friends');
  await cardWith(page, original).getByRole('button', { name: 'Reply' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reply' });
  const reply = dialog.getByRole('textbox', { name: 'Your reply' });
  const words = unique('A reply worth keeping');
  await reply.press('End');
  await reply.pressSequentially(words);
  expect((await api(bob, 'DELETE', `api/v1/statuses/${id}`)).status).toBe(200);
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    /Error: The post being replied to was deleted/,
  );
  await expect(reply).toHaveValue(`@bob ${words}`);

  await page.reload();
  await page.goto('/drafts');
  const draft = page.getByRole('listitem').filter({ hasText: words });
  await expect(draft).toContainText('Reply to a post');
  await draft.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByText(words)).toHaveCount(0);
});

test('a post whose answer was lost waits in the outbox and is sent once', async ({ page }) => {
  const alice = await signedIn(page, 'alice');
  await page.goto('/main/friends');
  const form = sidebarForm(page);
  const text = unique('Said once');
  await textField(form).fill(text);
  // The server gets the post, but its answer never reaches the page.
  await page.route('**/api/v1/statuses', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  // No answer is not a refusal: the post waits, pending, and the composer is free again.
  const pending = page.getByRole('region', { name: 'Posts waiting to be sent' });
  await expect(pending.getByRole('listitem').filter({ hasText: text })).toContainText(
    'Pending — will be sent when you are back online',
  );
  await expect(textField(form)).toHaveValue('');
  // The outbox may be trying again at this moment: that try goes on to the server, unharmed.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  // The next answered call (here, opening another timeline) says the server is back: sent again
  // with the same Idempotency-Key, which the server had already taken.
  await page.locator('a[href="/main/public"]').first().click();
  await expect(page).toHaveURL(/\/main\/public$/);
  await page.locator('a[href="/main/friends"]').first().click();
  await expect(cardWith(page, text)).toBeVisible();
  await expect(pending).toHaveCount(0);
  const mine = await ownStatuses(alice, await accountId(alice));
  expect(mine.filter((status) => status.content.includes(text))).toHaveLength(1);
});

test('editing a post saves the new text and its history shows both versions', async ({ page }) => {
  await signedIn(page, 'alice');
  await page.goto('/main/friends');
  const form = sidebarForm(page);
  const first = unique('Fist draft');
  await textField(form).fill(first);
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  const post = cardWith(page, first);
  await post.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit' });
  const field = dialog.getByRole('textbox', { name: 'Your post' });
  await expect(field).toHaveValue(first);
  const fixed = first.replace('Fist', 'First');
  await field.fill(fixed);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const edited = cardWith(page, fixed);
  await expect(edited).toBeVisible();
  await edited.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: /history/i });
  await expect(history).toContainText(first);
  await expect(history).toContainText(fixed);
});

test('emoji come from the picker and from autocomplete; a mention from autocomplete', async ({
  page,
}) => {
  await signedIn(page, 'alice');
  await page.goto('/main/friends');
  const form = sidebarForm(page);
  const text = textField(form);
  const marker = unique('Emoji and friends');
  await text.fill(`${marker} `);

  await form.getByRole('button', { name: 'Insert emoji' }).click();
  const picker = page.getByRole('group', { name: 'Emoji picker' });
  await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('featherheart');
  await picker
    .getByRole('button', { name: /featherheart/ })
    .first()
    .click();
  await expect(text).toHaveValue(new RegExp(`${marker} :featherheart: ?$`));
  if (await picker.isVisible()) await page.keyboard.press('Escape');

  await text.press('End');
  await text.pressSequentially(' :thumbs');
  const suggestions = form.getByRole('listbox');
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  await text.press('Enter');
  await expect(text).toHaveValue(/👍 $/);

  await text.pressSequentially('@bo');
  await expect(suggestions.getByRole('option', { name: /@bob/ })).toBeVisible();
  await suggestions.getByRole('option', { name: /@bob/ }).click();
  await expect(text).toHaveValue(/@bob $/);

  await form.getByRole('button', { name: 'Post', exact: true }).click();
  const post = cardWith(page, marker);
  // One in Alice's display name, one in the post.
  await expect(post.getByRole('img', { name: ':featherheart:' })).toHaveCount(2);
  await expect(post).toContainText('👍');
  await expect(post.getByRole('link', { name: '@bob' }).first()).toBeVisible();
});
