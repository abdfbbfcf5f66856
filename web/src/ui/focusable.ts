const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'summary',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

const reachable = (element: HTMLElement): boolean =>
  element.tabIndex >= 0 && !element.closest('[hidden], [inert]') && !isDisplayNone(element);

/** The elements inside `root` that Tab reaches, in document order. */
export function tabbableElements(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(reachable);
}

/** The first element inside `root` that Tab reaches, looking no further than it. */
export function firstTabbable(root: HTMLElement): HTMLElement | null {
  for (const element of root.querySelectorAll<HTMLElement>(FOCUSABLE))
    if (reachable(element)) return element;
  return null;
}

function isDisplayNone(element: HTMLElement): boolean {
  // One question to the browser where it can answer it, instead of a style per ancestor.
  if (typeof element.checkVisibility === 'function') return !element.checkVisibility();
  for (let node: HTMLElement | null = element; node; node = node.parentElement) {
    if (getComputedStyle(node).display === 'none') return true;
  }
  return false;
}
