import type { Page } from '@playwright/test';

/** A request or socket the page started after the logout confirmation was clicked. */
export interface SentAfterConfirm {
  what: string;
  /** The Authorization header, or the socket's address (which carries its token). */
  credential: string;
}
type Watched = { __afterConfirm: SentAfterConfirm[] };

/**
 * Runs in the page before its scripts: records every request and socket the page starts after
 * the logout confirmation is clicked. Recorded in the page, in the order things happen there, so
 * a poll that left just before the click (while still signed in) is never counted.
 */
export function watchCredentialsAfterConfirm() {
  const watched = window as unknown as Watched & { __confirmed?: boolean };
  watched.__afterConfirm = [];
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('[role="alertdialog"] button');
      if (button?.textContent?.trim() === 'Log out') watched.__confirmed = true;
    },
    true,
  );
  const originalFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    if (watched.__confirmed) {
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : {}));
      const url = input instanceof Request ? input.url : String(input);
      watched.__afterConfirm.push({
        what: `${init?.method ?? 'GET'} ${url}`,
        credential: headers.get('authorization') ?? '',
      });
    }
    return originalFetch(input, init);
  };
  const OriginalSocket = window.WebSocket;
  window.WebSocket = class extends OriginalSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      if (watched.__confirmed)
        watched.__afterConfirm.push({ what: `socket ${String(url)}`, credential: String(url) });
    }
  };
}

/** What the page sent after the logout confirmation (see watchCredentialsAfterConfirm). */
export function sentAfterLogoutConfirm(page: Page): Promise<SentAfterConfirm[]> {
  return page.evaluate(() => (window as unknown as Watched).__afterConfirm);
}
