/**
 * What a link does when the pointer or focus comes near it: fetch the chunk its screen will
 * need, so a click does not wait for it. The app sets it (app/screens.ts knows the screens);
 * the router only calls it.
 */
let preloader: ((path: string) => void) | null = null;

export function setLinkPreloader(preload: ((path: string) => void) | null): void {
  preloader = preload;
}

export function preloadFor(path: string): void {
  preloader?.(path);
}
