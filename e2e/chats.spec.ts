import type { Browser, Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { apiToken, expect, test } from './fixtures.ts';
import { api, signedIn, unique } from './session.ts';

/**
 * Pleroma chats (spec part 1, §2 chats, §4 chat message states): two people talking live, a
 * message that survives a failing server or a lost network and lands once, attachments, deleting,
 * and the unread badges. None sends to alice or carol, whose page titles (which count unread chats)
 * other journeys read, nor to the moderator, whose pinned shortcuts (a Chats badge widens one) a
 * layout journey measures.
 */

interface ChatMessage {
  id: string;
  content: string;
  account_id: string;
  attachment: { type: string } | null;
}

async function accountId(token: string): Promise<string> {
  const { body } = await api<{ id: string }>(token, 'GET', 'api/v1/accounts/verify_credentials');
  return body.id;
}

async function chatWith(token: string, otherId: string): Promise<string> {
  const { body } = await api<{ id: string }>(
    token,
    'POST',
    `api/v1/pleroma/chats/by-account-id/${otherId}`,
  );
  return body.id;
}

async function messages(token: string, chatId: string): Promise<ChatMessage[]> {
  const { body } = await api<ChatMessage[]>(
    token,
    'GET',
    `api/v1/pleroma/chats/${chatId}/messages?limit=40`,
  );
  return body;
}

async function send(token: string, chatId: string, content: string): Promise<void> {
  const { status } = await api(token, 'POST', `api/v1/pleroma/chats/${chatId}/messages`, {
    content,
  });
  expect(status).toBe(200);
}

/** Marks the chat read as `token`'s user, so a journey starts from no unread messages. */
async function readAll(token: string, chatId: string): Promise<void> {
  const [newest] = await messages(token, chatId);
  if (newest) {
    await api(token, 'POST', `api/v1/pleroma/chats/${chatId}/read`, { last_read_id: newest.id });
  }
}

const chatLog = (page: Page) => page.getByRole('log');
const messageField = (page: Page) => page.getByRole('textbox', { name: 'Message' });
/** The navigation's chats entry (the pinned shortcut beside it shows an icon only). */
const chatsLink = (page: Page) =>
  page
    .getByRole('navigation')
    .getByRole('link', { name: /^Chats/ })
    .filter({ hasText: 'Chats' });

async function pageAs(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedIn(page, username);
  return page;
}

test('two people chat live: the card opens the chat, messages arrive by themselves, one is deleted', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // Bob and Dave chat in this journey only.
  const bobToken = await signedIn(page, 'bob');
  const davePage = await pageAs(browser, 'dave');
  const daveToken = await apiToken('dave', DEMO_PASSWORD);
  const daveId = await accountId(daveToken);
  const chatId = await chatWith(bobToken, daveId);
  await readAll(bobToken, chatId);
  await readAll(daveToken, chatId);

  // Bob opens the chat from Dave's profile card.
  await page.goto('/users/dave');
  await page.getByRole('button', { name: 'Chat', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/users/bob/chats/${daveId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('@dave');
  const hello = unique('Hello Dave');
  await messageField(page).fill(hello);
  await messageField(page).press('Enter');
  await expect(messageField(page)).toHaveValue('');
  await expect(chatLog(page).getByRole('listitem').filter({ hasText: hello })).toBeVisible();
  await expectNoA11yViolations(page, 'chat view');

  // Dave finds it in his chat list, with Bob's name and the message as its preview.
  await davePage.goto('/users/dave/chats');
  const row = davePage.getByRole('main').getByRole('listitem').filter({ hasText: hello });
  await expect(row).toContainText('@bob');
  await expectNoA11yViolations(davePage, 'chat list');
  await row.getByRole('link').click();
  await expect(chatLog(davePage).getByRole('listitem').filter({ hasText: hello })).toBeVisible();

  // Dave answers; Bob sees it without reloading.
  const answer = unique('Hi Bob');
  await messageField(davePage).fill(answer);
  await davePage.getByRole('button', { name: 'Send' }).click();
  await expect(chatLog(page).getByRole('listitem').filter({ hasText: answer })).toBeVisible();

  // Bob deletes his message after confirming; it is gone from the chat, on the server too.
  const own = chatLog(page).getByRole('listitem').filter({ hasText: hello });
  await own.hover();
  await own.getByRole('button', { name: 'Delete message' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Do you really want to delete this message?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(chatLog(page).getByText(hello)).toHaveCount(0);
  expect((await messages(daveToken, chatId)).some((m) => m.content.includes(hello))).toBe(false);
  expect(consoleErrors).toEqual([]);
  await davePage.context().close();
});

test('unread messages count in the navigation and the title, and clear once read', async ({
  page,
}) => {
  // Wren gets chat messages from Alice in this journey only.
  const wrenToken = await signedIn(page, 'wren');
  const aliceToken = await apiToken('alice', DEMO_PASSWORD);
  const wrenId = await accountId(wrenToken);
  const aliceId = await accountId(aliceToken);
  const chatId = await chatWith(aliceToken, wrenId);
  await readAll(wrenToken, chatId);

  await page.goto('/main/friends');
  await expect(chatsLink(page)).toHaveText('Chats');
  const first = unique('Are you there?');
  await send(aliceToken, chatId, first);
  await send(aliceToken, chatId, unique('Wren?'));
  // Streaming (or the 5 s poll) brings the count without a reload.
  await expect(chatsLink(page)).toHaveText('Chats2');
  await expect
    .poll(async () => Number(/^\((\d+)\)/.exec(await page.title())?.[1] ?? 0))
    .toBeGreaterThanOrEqual(2);

  await chatsLink(page).click();
  const row = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Wren?' });
  await expect(row.getByLabel('2 unread messages')).toBeVisible();
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/chats/${aliceId}$`));
  await expect(chatLog(page).getByText(first)).toBeVisible();
  // Read 1.5 s after reaching the bottom: the badge goes, on the server too.
  await expect(chatsLink(page)).toHaveText('Chats');
  await expect
    .poll(async () => {
      const { body } = await api<{ unread: number }>(
        wrenToken,
        'GET',
        `api/v1/pleroma/chats/${chatId}`,
      );
      return body.unread;
    })
    .toBe(0);
});

test('a message the server answers 503 three times is retried and arrives once', async ({
  page,
}) => {
  const erinToken = await signedIn(page, 'erin');
  const adminToken = await apiToken('admin', DEMO_PASSWORD);
  const adminId = await accountId(adminToken);
  const chatId = await chatWith(erinToken, adminId);
  // A chat that cannot be opened says so, and its form takes nothing.
  await page.goto('/users/erin/chats/no-such-account');
  await expect(page.getByRole('alert')).toContainText('Error loading chat');
  await expect(messageField(page)).toBeDisabled();

  await page.goto(`/users/erin/chats/${adminId}`);
  await expect(messageField(page)).toBeEnabled();

  // The server is down for three tries; the third reaches it but its answer is lost as a 503.
  let failures = 0;
  await page.route('**/api/v1/pleroma/chats/*/messages', async (route) => {
    if (route.request().method() !== 'POST' || failures >= 3) return route.continue();
    failures += 1;
    if (failures === 3) await route.fetch();
    await route.fulfill({ status: 503, json: { error: 'Service unavailable' } });
  });
  const text = unique('Through the storm');
  await messageField(page).fill(text);
  await messageField(page).press('Enter');
  const item = chatLog(page).getByRole('listitem').filter({ hasText: text });
  await expect(item.getByRole('status')).toContainText('Not sent');
  // Retried after 1 s, 2 s and 4 s with the same key: the fourth try gets the stored message.
  await expect.poll(() => failures, { timeout: 20_000 }).toBe(3);
  await expect(item.getByRole('status')).toHaveCount(0, { timeout: 15_000 });
  await expect(item.getByText('Sending…')).toHaveCount(0);
  const landed = (await messages(adminToken, chatId)).filter((m) => m.content.includes(text));
  expect(landed).toHaveLength(1);
  await expect(chatLog(page).getByRole('listitem').filter({ hasText: text })).toHaveCount(1);
});

test('a message written offline waits as pending, survives a reload and is delivered once', async ({
  page,
  context,
}) => {
  const erinToken = await signedIn(page, 'erin');
  const adminToken = await apiToken('admin', DEMO_PASSWORD);
  const adminId = await accountId(adminToken);
  const chatId = await chatWith(erinToken, adminId);
  await page.goto(`/users/erin/chats/${adminId}`);
  await expect(messageField(page)).toBeEnabled();

  await context.setOffline(true);
  const text = unique('Written on the train');
  await messageField(page).fill(text);
  await messageField(page).press('Enter');
  const item = chatLog(page).getByRole('listitem').filter({ hasText: text });
  // No network is not a refusal: it waits, spending none of its retries, and can be discarded.
  await expect(item).toContainText('Pending — will be sent when you are back online');
  await expect(item.getByRole('button', { name: 'Discard' })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Retry' })).toBeVisible();

  // Back online, but the chat server still out of reach: the reload finds it waiting.
  const sends = `**/api/v1/pleroma/chats/${chatId}/messages`;
  await page.route(sends, (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await context.setOffline(false);
  await page.reload();
  const again = chatLog(page).getByRole('listitem').filter({ hasText: text });
  await expect(again).toContainText('Pending — will be sent when you are back online');
  // Then sent when the person retries (or by itself at the next answered call).
  await page.unroute(sends);
  // (Sent already, the button is gone: the click gives up and the checks below decide.)
  await again
    .getByRole('button', { name: 'Retry' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(again.getByRole('status')).toHaveCount(0);
  await expect(again.getByText('Sending…')).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (await messages(adminToken, chatId)).filter((m) => m.content.includes(text)).length,
    )
    .toBe(1);
  await page.reload();
  await expect(chatLog(page).getByRole('listitem').filter({ hasText: text })).toHaveCount(1);
});

test('an attachment is sent with a message, and an empty message is refused', async ({ page }) => {
  const carolToken = await signedIn(page, 'carol');
  const erinToken = await apiToken('erin', DEMO_PASSWORD);
  const erinId = await accountId(erinToken);
  const chatId = await chatWith(carolToken, erinId);
  await page.goto(`/users/carol/chats/${erinId}`);
  await expect(messageField(page)).toBeEnabled();

  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert')).toHaveText('Cannot post empty message');

  const sharp = (await import('sharp')).default;
  const png = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .png()
    .toBuffer();
  await page.getByTestId('chat-file').setInputFiles({
    name: 'sunset.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await expect(page.getByRole('button', { name: /^Remove attachment/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Attach a file' })).toBeDisabled();
  const text = unique('A picture');
  await messageField(page).fill(text);
  await messageField(page).press('Enter');
  const item = chatLog(page).getByRole('listitem').filter({ hasText: text });
  await expect(item.getByRole('button', { name: 'View media 1 of 1' })).toBeVisible();
  await expect(item.getByText('Sending…')).toHaveCount(0);
  const sent = (await messages(erinToken, chatId)).find((m) => m.content.includes(text));
  expect(sent?.attachment?.type).toBe('image');
});
