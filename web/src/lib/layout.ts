/** Layout rules of the application shell (spec part 1, section 2 "Application shell"). */

export type Layout = 'mobile' | 'wide' | 'normal';

/** Mobile at this width or less. */
export const MOBILE_MAX_WIDTH = 800;
/** Wide at this width or more. */
export const WIDE_MIN_WIDTH = 1300;

/** Pinned navigation items shown in the mobile bar. */
export const MAX_PINNED_IN_BAR = 6;

/** Swipe distances: the side drawer (closes on a left swipe) and the notification drawer. */
export const SIDE_DRAWER_SWIPE_PX = 30;
export const NOTIFICATION_DRAWER_SWIPE_PX = 50;
/** The media viewer changes item on a swipe of a quarter of the window width. */
export const MEDIA_VIEWER_SWIPE_FRACTION = 1 / 4;

export const FLOATING_BUTTON_SCROLL_THROTTLE_MS = 100;
/** Routes on which the floating new-post button never shows. */
export const FLOATING_BUTTON_HIDDEN_ROUTES: readonly string[] = ['chats', 'chat', 'lists-edit'];

/** On-screen keyboard heuristic: a viewport under either of these sizes. */
export const KEYBOARD_SMALL_VIEWPORT = { width: 350, height: 345 } as const;
export const KEYBOARD_MEDIUM_VIEWPORT = { width: 450, height: 560 } as const;

export function layoutFor(width: number): Layout {
  if (width <= MOBILE_MAX_WIDTH) return 'mobile';
  if (width >= WIDE_MIN_WIDTH) return 'wide';
  return 'normal';
}

export type ThirdColumnMode = 'notifications' | 'postform' | 'none';
export type Column = 'sidebar' | 'main' | 'notifications' | 'postform';

export interface ColumnOptions {
  layout: Layout;
  signedIn: boolean;
  thirdColumnEnabled: boolean;
  sidebarRight: boolean;
  thirdColumnMode: ThirdColumnMode;
  /** The notifications screen is open: it is the panel itself, so the column does not repeat it. */
  onNotificationsScreen?: boolean;
}

/**
 * The columns on screen, left to right. Mobile shows only the main column (the sidebar lives in
 * the side drawer). The third column shows in wide layout when enabled for a signed-in user
 * (the notifications column not while the notifications screen is open).
 * Sidebar-right mirrors the order; a post-form third column mirrors it once more, since the spec
 * has the third-column setting reverse the layout too: the post form then takes the leading side.
 */
export function columnsFor(options: ColumnOptions): Column[] {
  const { layout, signedIn, thirdColumnEnabled, sidebarRight, thirdColumnMode } = options;
  if (layout === 'mobile') return ['main'];
  const repeatsScreen = thirdColumnMode === 'notifications' && options.onNotificationsScreen;
  const third =
    layout === 'wide' &&
    signedIn &&
    thirdColumnEnabled &&
    thirdColumnMode !== 'none' &&
    !repeatsScreen
      ? thirdColumnMode
      : null;
  const columns: Column[] = third ? ['sidebar', 'main', third] : ['sidebar', 'main'];
  const reversed = sidebarRight !== (third === 'postform');
  return reversed ? columns.reverse() : columns;
}

/** True when the viewport is small enough that an on-screen keyboard is probably open. */
export function isKeyboardProbablyOpen(width: number, height: number): boolean {
  return (
    (width < KEYBOARD_SMALL_VIEWPORT.width && height < KEYBOARD_SMALL_VIEWPORT.height) ||
    (width < KEYBOARD_MEDIUM_VIEWPORT.width && height < KEYBOARD_MEDIUM_VIEWPORT.height)
  );
}

/** deltaX is the horizontal travel of the gesture, positive to the right. */
export function sideDrawerSwipeCloses(deltaX: number, threshold = SIDE_DRAWER_SWIPE_PX): boolean {
  return deltaX <= -threshold;
}

export function notificationDrawerSwipeCloses(deltaX: number): boolean {
  return deltaX >= NOTIFICATION_DRAWER_SWIPE_PX;
}

/** The media viewer's swipe: next on a left swipe, previous on a right one, else nothing. */
export function mediaViewerSwipe(deltaX: number, windowWidth: number): 'next' | 'previous' | null {
  const threshold = windowWidth * MEDIA_VIEWER_SWIPE_FRACTION;
  if (deltaX <= -threshold) return 'next';
  if (deltaX >= threshold) return 'previous';
  return null;
}

export interface FloatingPostButtonContext {
  signedIn: boolean;
  routeName: string | null | undefined;
  /** The user's setting: hide the button while scrolling down. */
  autohide: boolean;
  scrollingDown: boolean;
  keyboardOpen: boolean;
}

export function showFloatingPostButton(context: FloatingPostButtonContext): boolean {
  const { signedIn, routeName, autohide, scrollingDown, keyboardOpen } = context;
  if (!signedIn || keyboardOpen) return false;
  if (routeName && FLOATING_BUTTON_HIDDEN_ROUTES.includes(routeName)) return false;
  return !(autohide && scrollingDown);
}
