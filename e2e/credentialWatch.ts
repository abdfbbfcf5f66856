import type { Page } from '@playwright/test';

/** A request or socket the page started. */
export interface Sent {
  /** `METHOD url` for a request, `socket url` for a socket; the address is absolute. */
  what: string;
  url: string;
  /** The Authorization header, or the socket's address (which carries its token). */
  credential: string;
  /** Started after the logout confirmation was clicked. */
  afterLogoutConfirm: boolean;
}
type Watched = { __sent: Sent[]; __confirmed?: boolean };

/**
 * An init script (`page.addInitScript(watchCredentials)`): runs in each load before its scripts,
 * the inline starter too, and records every request and socket it starts, with the credential it
 * carries. Recorded in the page, in the order things happen there, so a poll that left just before
 * the logout confirmation (while still signed in) is never counted as after it.
 */
export function watchCredentials() {
  const watched = window as unknown as Watched;
  watched.__sent = [];
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('[role="alertdialog"] button');
      if (button?.textContent?.trim() === 'Log out') watched.__confirmed = true;
    },
    true,
  );
  const record = (kind: string, url: string, credential: string) => {
    const absolute = new URL(url, location.href).href;
    watched.__sent.push({
      what: `${kind} ${absolute}`,
      url: absolute,
      credential,
      afterLogoutConfirm: watched.__confirmed === true,
    });
  };
  const originalFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : {}));
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    record(method, url, headers.get('authorization') ?? '');
    return originalFetch(input, init);
  };
  const OriginalSocket = window.WebSocket;
  window.WebSocket = class extends OriginalSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      record('socket', String(url), String(url));
    }
  };
}

/** Everything this load sent (see watchCredentials). */
export function sentByPage(page: Page): Promise<Sent[]> {
  return page.evaluate(() => (window as unknown as Watched).__sent);
}

/** What this load sent after the logout confirmation (see watchCredentials). */
export async function sentAfterLogoutConfirm(page: Page): Promise<Sent[]> {
  return (await sentByPage(page)).filter((sent) => sent.afterLogoutConfirm);
}
