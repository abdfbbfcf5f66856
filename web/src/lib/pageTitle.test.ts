import { describe, expect, it } from 'vitest';
import {
  FAVICON_BADGE_CANVAS_PX,
  pageTitle,
  plainDisplayName,
  showFaviconBadge,
  unreadTotal,
} from './pageTitle.ts';

describe('pageTitle', () => {
  it('is the plain name when nothing is unread', () => {
    expect(pageTitle('Starling', 0, 0, 0)).toBe('Starling');
  });

  it('prefixes the sum of notifications, chats and announcements', () => {
    expect(pageTitle('Starling', 3, 0, 0)).toBe('(3) Starling');
    expect(pageTitle('Starling', 3, 2, 1)).toBe('(6) Starling');
    expect(pageTitle('Starling', 0, 0, 1)).toBe('(1) Starling');
  });

  it('does not let a bad count subtract or corrupt the title', () => {
    expect(pageTitle('Starling', -4, Number.NaN, 2)).toBe('(2) Starling');
    expect(unreadTotal(-1, -1, -1)).toBe(0);
  });
});

describe('favicon badge', () => {
  it('is drawn on a 128 px canvas and shows only while something is unread', () => {
    expect(FAVICON_BADGE_CANVAS_PX).toBe(128);
    expect(showFaviconBadge(unreadTotal(0, 1, 0))).toBe(true);
    expect(showFaviconBadge(0)).toBe(false);
  });
});

describe('a display name in the document title', () => {
  it('leaves out its custom emoji, keeping colons that are not one', () => {
    expect(plainDisplayName('Bob :featherheart: Builder', ['featherheart'])).toBe('Bob Builder');
    expect(plainDisplayName(':featherheart:', ['featherheart'])).toBe('');
    expect(plainDisplayName('Time: 10:30:', ['featherheart'])).toBe('Time: 10:30:');
  });
});
