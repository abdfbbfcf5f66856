import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { XSS_VECTORS } from './xss-vectors.ts';

/**
 * Rich content is safe: every vector of e2e/xss-vectors.ts is rendered, in real Chromium, as
 * status content, subject, display name, bio, poll option, link-card title and description,
 * custom-emoji shortcode and image address, emoji reaction and attachment description, and none
 * may run or leave a handler or script URL behind.
 *
 * This is a component-level check of the client's rendering, so this one journey stubs HTTP: the
 * public timeline (and the reaction list a hover fetches) are answered with Playwright's
 * page.route from a hostile server's point of view. Everything else (the client, the instance's
 * configuration) is the real local instance.
 */

// The local instance sends a Content-Security-Policy that forbids inline script. That is a second
// line of defence the client cannot count on (installed as another server's frontend it may not
// have it) and it would hide a sanitiser failure from the recording hooks: bypass it here.
test.use({ bypassCSP: true });

const payload = (n: number) => `__xss.push(${n})`;
const marker = (n: number) => `xss-vector-${n}`;
const account = (n: number, html: string) => ({
  id: `x${n}`,
  username: `hostile${n}`,
  acct: `hostile${n}@evil.example`,
  display_name: html,
  note: html,
  url: `https://evil.example/users/hostile${n}`,
  avatar: '/favicon.ico',
  avatar_static: '/favicon.ico',
  header: '',
  created_at: '2024-01-01T00:00:00.000Z',
  emojis: [{ shortcode: html, url: `javascript:${payload(n)}`, static_url: '/x.png' }],
  fields: [{ name: html, value: html }],
});

function hostileStatus(n: number) {
  const vector = XSS_VECTORS[n]!;
  const html = vector.html(payload(n));
  const emoji = `e${n}`;
  return {
    id: String(990000 - n),
    uri: `https://evil.example/objects/${n}`,
    url: `https://evil.example/notice/${n}`,
    created_at: new Date(Date.UTC(2024, 4, 1, 12, 0, 0) - n * 60_000).toISOString(),
    // The marker proves the status reached the page; the custom emoji has a script address.
    content: `<p>${marker(n)} :${emoji}:</p>${html}`,
    spoiler_text: n % 3 === 0 ? html : '',
    visibility: 'public',
    sensitive: n % 7 === 0,
    account: account(n, html),
    media_attachments:
      n % 5 === 0
        ? [
            {
              id: `m${n}`,
              type: 'image',
              url: `javascript:${payload(n)}`,
              preview_url: `data:text/html,<script>${payload(n)}</script>`,
              description: html,
            },
            { id: `f${n}`, type: 'unknown', url: `javascript:${payload(n)}`, description: html },
          ]
        : [],
    mentions: [],
    tags: [],
    emojis: [
      { shortcode: emoji, url: `javascript:${payload(n)}`, static_url: `javascript:${payload(n)}` },
      { shortcode: html, url: '/x.png', static_url: '/x.png' },
    ],
    card: {
      url: n % 2 ? `javascript:${payload(n)}` : 'https://example.org/article',
      title: html,
      description: html,
      type: 'link',
      image: null,
      provider_name: html,
      provider_url: `javascript:${payload(n)}`,
    },
    poll: {
      id: `poll${n}`,
      expires_at: '2099-01-01T00:00:00.000Z',
      expired: false,
      multiple: false,
      votes_count: 1,
      voters_count: 1,
      voted: false,
      own_votes: [],
      options: [
        { title: html, votes_count: 1 },
        { title: `:${emoji}: ${html}`, votes_count: 0 },
      ],
      emojis: [{ shortcode: emoji, url: `javascript:${payload(n)}`, static_url: '/x.png' }],
    },
    pleroma: {
      local: false,
      emoji_reactions: [
        { name: html, count: 1, me: false, url: null },
        { name: emoji, count: 1, me: false, url: `javascript:${payload(n)}` },
      ],
    },
  };
}

const STATUSES = XSS_VECTORS.map((_, n) => hostileStatus(n));

async function answerTimeline(route: Route) {
  const url = new URL(route.request().url());
  // Pages as a server would: `limit` statuses older than max_id, with a Link to the next page.
  const maxId = url.searchParams.get('max_id');
  const limit = Number(url.searchParams.get('limit')) || 20;
  const older = maxId ? STATUSES.filter((status) => Number(status.id) < Number(maxId)) : STATUSES;
  const body = older.slice(0, limit);
  const last = body[body.length - 1];
  const next = new URL(url);
  if (last) next.searchParams.set('max_id', last.id);
  await route.fulfill({
    status: 200,
    contentType: 'application/json',
    headers: last ? { link: `<${next.href}>; rel="next"` } : {},
    body: JSON.stringify(body),
  });
}

async function answerReactions(route: Route) {
  const match = /statuses\/(\d+)\/reactions/.exec(route.request().url());
  const n = match ? 990000 - Number(match[1]) : 0;
  const html = XSS_VECTORS[n]?.html(payload(n)) ?? '';
  await route.fulfill({
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify([
      { name: html, count: 1, me: false, url: null, accounts: [account(n, html)] },
    ]),
  });
}

/** What must never be in the page; returns a description of each violation found. */
function violations(): string[] {
  const found: string[] = [];
  const scriptUrl = /^(?:javascript|vbscript|data:text|data:application|livescript):/i;
  const URL_ATTRIBUTES = [
    'href',
    'src',
    'action',
    'formaction',
    'srcset',
    'poster',
    'data',
    'background',
    'xlink:href',
    'srcdoc',
  ];
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) found.push(`${element.tagName} has ${name}`);
      if (URL_ATTRIBUTES.includes(name)) {
        // Browsers skip control characters and whitespace in a scheme: so does this check.
        // eslint-disable-next-line no-control-regex -- control characters are what it removes
        const value = attribute.value.replace(/[\u0000-\u0020\u00ad\u2028\u2029]/g, '');
        if (scriptUrl.test(value) || (name === 'srcset' && /javascript:/i.test(value)))
          found.push(`${element.tagName} ${name}=${attribute.value.slice(0, 60)}`);
      }
      if (name === 'style' && /expression|javascript:|behavior|binding/i.test(attribute.value))
        found.push(`${element.tagName} style=${attribute.value.slice(0, 60)}`);
    }
  }
  const FORBIDDEN =
    'script, iframe, object, embed, style, base, meta, form, link, frame, frameset, applet, portal, noscript, template';
  for (const article of Array.from(
    document.querySelectorAll('main article, [role="main"] article, article'),
  )) {
    for (const element of Array.from(article.querySelectorAll(FORBIDDEN)))
      found.push(`<${element.tagName.toLowerCase()}> inside a status`);
  }
  return found;
}

/** How many of each place the vectors were shown in, over the whole run. */
interface Coverage {
  polls: number;
  cards: number;
  reactions: number;
  attachments: number;
  textShown: number;
}

async function check(page: Page, seen: Set<number>, coverage: Coverage): Promise<void> {
  const problems = await page.evaluate(violations);
  const state = await page.evaluate(() => {
    const text = document.body.innerText;
    const markers = [...text.matchAll(/xss-vector-(\d+)/g)].map((m) => Number(m[1]));
    const count = (selector: string) => document.querySelectorAll(selector).length;
    return {
      xss: (window as unknown as { __xss: unknown[] }).__xss,
      markers,
      polls: count('article [role="group"][aria-label^="Poll"]'),
      cards: [...document.querySelectorAll('article a')].filter((link) =>
        link.textContent?.startsWith('Link preview:'),
      ).length,
      reactions: count('article [role="group"][aria-label="Reactions"]'),
      attachments: count('article [role="group"][aria-label="Attachments"]'),
      // Vectors shown as text (display names, subjects, poll options, card titles).
      textShown: (text.match(/__xss\.push\(/g) ?? []).length,
    };
  });
  expect(state.xss, 'no vector ran').toEqual([]);
  expect(problems, 'nothing dangerous left in the DOM').toEqual([]);
  for (const n of state.markers) seen.add(n);
  coverage.polls += state.polls;
  coverage.cards += state.cards;
  coverage.reactions += state.reactions;
  coverage.attachments += state.attachments;
  coverage.textShown += state.textShown;
}

test('a corpus of XSS vectors renders inert everywhere rich content is shown', async ({ page }) => {
  test.setTimeout(120_000);
  expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(100);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const record: unknown[] = [];
    Object.defineProperty(window, '__xss', { value: record, writable: false });
    const trap =
      (name: string) =>
      (...args: unknown[]) => {
        record.push(`${name}:${String(args[0])}`);
        return null;
      };
    Object.assign(window, {
      alert: trap('alert'),
      confirm: trap('confirm'),
      prompt: trap('prompt'),
      print: trap('print'),
    });
  });
  await page.route(/\/api\/v1\/timelines\/public(\?|$)/, answerTimeline);
  await page.route(/\/api\/v1\/pleroma\/statuses\/\d+\/reactions/, answerReactions);

  await page.goto('/main/public');
  await expect(page.getByText(marker(0), { exact: false }).first()).toBeVisible();

  const seen = new Set<number>();
  const coverage: Coverage = { polls: 0, cards: 0, reactions: 0, attachments: 0, textShown: 0 };
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  for (let step = 0; step < 400; step += 1) {
    // Hover across the visible part, focus a few things, open what hides media.
    for (const [x, y] of [
      [0.3, 0.2],
      [0.5, 0.4],
      [0.6, 0.6],
      [0.4, 0.8],
    ] as const) {
      await page.mouse.move(viewport.width * x, viewport.height * y);
    }
    // Focus what is on screen (Tab would walk back to the top of the page).
    await page.evaluate(() => {
      const onScreen = Array.from(
        document.querySelectorAll<HTMLElement>('article a, article button, article [tabindex]'),
      ).filter((element) => {
        const box = element.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      });
      for (const element of onScreen.slice(0, 6)) {
        element.focus({ preventScroll: true });
        element.blur();
      }
    });
    const show = page.getByRole('button', { name: /Show media|Show content|Show more/ });
    if (await show.count())
      await show
        .first()
        .click({ timeout: 2000 })
        .catch(() => undefined);
    await check(page, seen, coverage);
    const atBottom = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY === before;
    });
    if (atBottom && seen.size >= XSS_VECTORS.length) break;
    if (atBottom) await page.waitForTimeout(300);
  }
  // Reactions: hovering one fetches and lists who reacted (hostile names included).
  await page.evaluate(() => window.scrollTo(0, 0));
  const reaction = page.getByRole('group', { name: 'Reactions' }).getByRole('button').first();
  if (await reaction.count()) {
    await reaction.hover();
    await reaction.focus();
    await page.waitForTimeout(600);
  }
  await check(page, seen, coverage);

  expect(dialogs).toEqual([]);
  // The vectors really were on the page, in every place this journey can reach.
  expect(coverage.polls).toBeGreaterThan(0);
  expect(coverage.cards).toBeGreaterThan(0);
  expect(coverage.reactions).toBeGreaterThan(0);
  expect(coverage.attachments).toBeGreaterThan(0);
  expect(coverage.textShown).toBeGreaterThan(XSS_VECTORS.length);
  expect([...seen].sort((a, b) => a - b)).toEqual(XSS_VECTORS.map((_, n) => n));
});
