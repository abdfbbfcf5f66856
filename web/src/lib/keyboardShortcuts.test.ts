import { describe, expect, it } from 'vitest';
import { shortcutFor, type FocusFacts } from './keyboardShortcuts.ts';

const page: FocusFacts = {
  typing: false,
  dialogOpen: false,
  inPost: false,
  onPost: false,
  afterG: false,
};
const onPost: FocusFacts = { ...page, inPost: true, onPost: true };
const inPostButton: FocusFacts = { ...page, inPost: true };

const press = (key: string, focus: FocusFacts, extra: object = {}) =>
  shortcutFor({ key, ...extra }, focus);

describe('shortcutFor', () => {
  it('moves between posts with j and k from anywhere', () => {
    expect(press('j', page).shortcut).toEqual({ kind: 'move', step: 1 });
    expect(press('k', onPost).shortcut).toEqual({ kind: 'move', step: -1 });
  });

  it('moves with PageDown and PageUp only on a post; elsewhere they scroll', () => {
    expect(press('PageDown', onPost).shortcut).toEqual({ kind: 'move', step: 1 });
    expect(press('PageUp', inPostButton).shortcut).toEqual({ kind: 'move', step: -1 });
    expect(press('PageDown', page).shortcut).toBeNull();
  });

  it('acts on the focused post with r, f, b, x and m', () => {
    expect(press('r', onPost).shortcut).toEqual({ kind: 'post', action: 'reply' });
    expect(press('f', onPost).shortcut).toEqual({ kind: 'post', action: 'favourite' });
    expect(press('b', onPost).shortcut).toEqual({ kind: 'post', action: 'repeat' });
    expect(press('x', inPostButton).shortcut).toEqual({ kind: 'post', action: 'expand' });
    expect(press('m', onPost).shortcut).toEqual({ kind: 'post', action: 'menu' });
  });

  it('does nothing with post keys when no post has the focus', () => {
    for (const key of ['r', 'f', 'b', 'x', 'm', 'Enter'])
      expect(press(key, page).shortcut).toBeNull();
  });

  it('opens the post with Enter on the post itself, not on a button inside it', () => {
    expect(press('Enter', onPost).shortcut).toEqual({ kind: 'post', action: 'open' });
    expect(press('Enter', inPostButton).shortcut).toBeNull();
  });

  it('starts a new post with n or Alt+N, on any layout', () => {
    expect(press('n', page).shortcut).toEqual({ kind: 'newPost' });
    expect(press('N', page, { altKey: true }).shortcut).toEqual({ kind: 'newPost' });
    expect(press('˜', page, { altKey: true, code: 'KeyN' }).shortcut).toEqual({ kind: 'newPost' });
    expect(press('j', page, { altKey: true }).shortcut).toBeNull();
  });

  it('focuses search with / and shows the keys with ?', () => {
    expect(press('/', page).shortcut).toEqual({ kind: 'search' });
    expect(press('?', onPost).shortcut).toEqual({ kind: 'help' });
  });

  it('goes home, to notifications or to the public timeline with g then h, n or p', () => {
    const first = press('g', page);
    expect(first).toEqual({ shortcut: null, afterG: true });
    const afterG = { ...page, afterG: true };
    expect(press('h', afterG)).toEqual({ shortcut: { kind: 'go', to: 'home' }, afterG: false });
    expect(press('n', afterG).shortcut).toEqual({ kind: 'go', to: 'notifications' });
    expect(press('p', afterG).shortcut).toEqual({ kind: 'go', to: 'public' });
  });

  it('drops a g sequence on any other key', () => {
    expect(press('j', { ...page, afterG: true })).toEqual({ shortcut: null, afterG: false });
  });

  it('never fires while typing or in a dialog', () => {
    for (const key of ['j', 'k', 'n', '/', '?', 'g', 'r', 'f']) {
      expect(press(key, { ...onPost, typing: true }).shortcut).toBeNull();
      expect(press(key, { ...onPost, dialogOpen: true }).shortcut).toBeNull();
    }
    expect(press('n', { ...page, typing: true }, { altKey: true }).shortcut).toBeNull();
  });

  it('leaves Ctrl and Meta combinations to the browser', () => {
    expect(press('f', onPost, { ctrlKey: true }).shortcut).toBeNull();
    expect(press('r', onPost, { metaKey: true }).shortcut).toBeNull();
  });
});
