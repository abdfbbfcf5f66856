import { expect, type Page } from '@playwright/test';

/** What the page went through, as the page itself saw it. */
export interface LiveUpdatesSeen {
  /** Sockets the client created, and those that have answered it (opened or closed). */
  created: number;
  answered: number;
  /** Of those, the ones that opened, and the closes the client received. */
  opened: number;
  closed: number;
  /** The most notices shown at once, and every text a notice showed. */
  mostNotices: number;
  noticeTexts: string[];
}
type Watched = { __liveUpdates: LiveUpdatesSeen };

/**
 * Runs in the page before its scripts: counts the client's sockets as it sees them, and records
 * every notice the moment it is shown (a mutation observer, so none can slip between samples
 * whatever the page's clock does). Add it after any `routeWebSocket`, so it wraps that socket.
 */
export function watchLiveUpdates() {
  const seen: LiveUpdatesSeen = {
    created: 0,
    answered: 0,
    opened: 0,
    closed: 0,
    mostNotices: 0,
    noticeTexts: [],
  };
  (window as unknown as Watched).__liveUpdates = seen;

  const OriginalSocket = window.WebSocket;
  window.WebSocket = class extends OriginalSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      seen.created += 1;
      let answered = false;
      const answer = () => {
        if (!answered) seen.answered += 1;
        answered = true;
      };
      this.addEventListener('open', () => {
        seen.opened += 1;
        answer();
      });
      this.addEventListener('close', () => {
        seen.closed += 1;
        answer();
      });
    }
  };

  new MutationObserver(() => {
    const items = document.querySelectorAll('section[aria-label="Notices"] li');
    seen.mostNotices = Math.max(seen.mostNotices, items.length);
    for (const item of items) {
      const text = item.textContent ?? '';
      if (!seen.noticeTexts.includes(text)) seen.noticeTexts.push(text);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

export const liveUpdatesSeen = (page: Page): Promise<LiveUpdatesSeen> =>
  page.evaluate(() => (window as unknown as Watched).__liveUpdates);

/**
 * Moves the page's clock on, then waits until every socket the client created meanwhile has
 * answered it (opened or closed), so whatever the client does next is already on the clock.
 */
export async function advanceAndSettle(page: Page, ms: number): Promise<LiveUpdatesSeen> {
  await page.clock.runFor(ms);
  let seen = await liveUpdatesSeen(page);
  await expect
    .poll(async () => {
      seen = await liveUpdatesSeen(page);
      return seen.created - seen.answered;
    })
    .toBe(0);
  return seen;
}
