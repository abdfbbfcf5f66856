import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_PINNED_IN_BAR,
  NOTIFICATION_DRAWER_SWIPE_PX,
  SIDE_DRAWER_SWIPE_PX,
  columnsFor,
  isKeyboardProbablyOpen,
  layoutFor,
  mediaViewerSwipe,
  notificationDrawerSwipeCloses,
  showFloatingPostButton,
  sideDrawerSwipeCloses,
  type ColumnOptions,
} from './layout.ts';

describe('layoutFor', () => {
  it('is mobile up to and including 800 px', () => {
    expect(layoutFor(320)).toBe('mobile');
    expect(layoutFor(800)).toBe('mobile');
    expect(layoutFor(801)).toBe('normal');
  });

  it('is wide from 1300 px on', () => {
    expect(layoutFor(1299)).toBe('normal');
    expect(layoutFor(1300)).toBe('wide');
    expect(layoutFor(2560)).toBe('wide');
  });
});

describe('columnsFor', () => {
  const wide: ColumnOptions = {
    layout: 'wide',
    signedIn: true,
    thirdColumnEnabled: true,
    sidebarRight: false,
    thirdColumnMode: 'notifications',
  };

  it('shows sidebar, main and the notifications column in wide layout', () => {
    expect(columnsFor(wide)).toEqual(['sidebar', 'main', 'notifications']);
  });

  it('sidebar-right mirrors the order', () => {
    expect(columnsFor({ ...wide, sidebarRight: true })).toEqual([
      'notifications',
      'main',
      'sidebar',
    ]);
    expect(columnsFor({ ...wide, layout: 'normal', sidebarRight: true })).toEqual([
      'main',
      'sidebar',
    ]);
  });

  it('a post-form third column reverses the order too', () => {
    expect(columnsFor({ ...wide, thirdColumnMode: 'postform' })).toEqual([
      'postform',
      'main',
      'sidebar',
    ]);
    expect(columnsFor({ ...wide, thirdColumnMode: 'postform', sidebarRight: true })).toEqual([
      'sidebar',
      'main',
      'postform',
    ]);
  });

  it('has no third column for anonymous visitors, when disabled, or outside wide layout', () => {
    expect(columnsFor({ ...wide, signedIn: false })).toEqual(['sidebar', 'main']);
    expect(columnsFor({ ...wide, thirdColumnEnabled: false })).toEqual(['sidebar', 'main']);
    expect(columnsFor({ ...wide, thirdColumnMode: 'none' })).toEqual(['sidebar', 'main']);
    expect(columnsFor({ ...wide, layout: 'normal' })).toEqual(['sidebar', 'main']);
  });

  it('the notifications column steps aside while the notifications screen is open', () => {
    expect(columnsFor({ ...wide, onNotificationsScreen: true })).toEqual(['sidebar', 'main']);
    expect(columnsFor({ ...wide, onNotificationsScreen: true, sidebarRight: true })).toEqual([
      'main',
      'sidebar',
    ]);
    expect(
      columnsFor({ ...wide, onNotificationsScreen: true, thirdColumnMode: 'postform' }),
    ).toEqual(['postform', 'main', 'sidebar']);
  });

  it('shows only the main column on mobile', () => {
    expect(columnsFor({ ...wide, layout: 'mobile', sidebarRight: true })).toEqual(['main']);
  });

  it('property: always shows the main column once, in the middle when there are three', () => {
    fc.assert(
      fc.property(
        fc.record({
          layout: fc.constantFrom('mobile' as const, 'wide' as const, 'normal' as const),
          signedIn: fc.boolean(),
          thirdColumnEnabled: fc.boolean(),
          sidebarRight: fc.boolean(),
          thirdColumnMode: fc.constantFrom(
            'notifications' as const,
            'postform' as const,
            'none' as const,
          ),
        }),
        (options) => {
          const columns = columnsFor(options);
          expect(columns.filter((c) => c === 'main')).toHaveLength(1);
          expect(new Set(columns).size).toBe(columns.length);
          if (columns.length === 3) expect(columns[1]).toBe('main');
        },
      ),
    );
  });
});

describe('isKeyboardProbablyOpen', () => {
  it('is true for a viewport under 350 x 345', () => {
    expect(isKeyboardProbablyOpen(349, 344)).toBe(true);
  });

  it('is true for a viewport under 450 x 560', () => {
    expect(isKeyboardProbablyOpen(449, 559)).toBe(true);
    expect(isKeyboardProbablyOpen(400, 300)).toBe(true);
  });

  it('is false at the boundaries and for ordinary phone viewports', () => {
    expect(isKeyboardProbablyOpen(450, 300)).toBe(false);
    expect(isKeyboardProbablyOpen(400, 560)).toBe(false);
    expect(isKeyboardProbablyOpen(390, 844)).toBe(false);
    expect(isKeyboardProbablyOpen(1280, 300)).toBe(false);
  });
});

describe('swipes and the mobile bar', () => {
  it('keeps up to six pins in the bar', () => {
    expect(MAX_PINNED_IN_BAR).toBe(6);
  });

  it('closes the side drawer on a left swipe of 30 px or more', () => {
    expect(SIDE_DRAWER_SWIPE_PX).toBe(30);
    expect(sideDrawerSwipeCloses(-30)).toBe(true);
    expect(sideDrawerSwipeCloses(-29)).toBe(false);
    expect(sideDrawerSwipeCloses(100)).toBe(false);
  });

  it('closes the notification drawer on a right swipe of 50 px or more', () => {
    expect(NOTIFICATION_DRAWER_SWIPE_PX).toBe(50);
    expect(notificationDrawerSwipeCloses(50)).toBe(true);
    expect(notificationDrawerSwipeCloses(49)).toBe(false);
    expect(notificationDrawerSwipeCloses(-80)).toBe(false);
  });

  it('moves the media viewer on a swipe of a quarter of the window width', () => {
    expect(mediaViewerSwipe(-100, 400)).toBe('next');
    expect(mediaViewerSwipe(100, 400)).toBe('previous');
    expect(mediaViewerSwipe(99, 400)).toBeNull();
  });
});

describe('showFloatingPostButton', () => {
  const base = {
    signedIn: true,
    routeName: 'friends',
    autohide: true,
    scrollingDown: false,
    keyboardOpen: false,
  };

  it('shows for a signed-in user on a timeline', () => {
    expect(showFloatingPostButton(base)).toBe(true);
  });

  it('never shows to anonymous visitors', () => {
    expect(showFloatingPostButton({ ...base, signedIn: false })).toBe(false);
  });

  it('hides while scrolling down only when autohide is on', () => {
    expect(showFloatingPostButton({ ...base, scrollingDown: true })).toBe(false);
    expect(showFloatingPostButton({ ...base, scrollingDown: true, autohide: false })).toBe(true);
  });

  it('hides while an on-screen keyboard is probably open', () => {
    expect(showFloatingPostButton({ ...base, keyboardOpen: true })).toBe(false);
  });

  it('is always hidden on the chats, chat and lists-edit routes', () => {
    for (const routeName of ['chats', 'chat', 'lists-edit']) {
      expect(showFloatingPostButton({ ...base, routeName, autohide: false })).toBe(false);
    }
    expect(showFloatingPostButton({ ...base, routeName: 'lists' })).toBe(true);
  });
});
