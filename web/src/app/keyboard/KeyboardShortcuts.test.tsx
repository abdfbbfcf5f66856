import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useModals } from '../../state/modals.ts';
import { useSession } from '../../state/session.ts';
import { KeyboardShortcuts } from './KeyboardShortcuts.tsx';

const expand = vi.fn();
const favourite = vi.fn();

function Page() {
  return (
    <main>
      <input aria-label="Note" />
      {['1', '2', '3'].map((id) => (
        <article key={id} data-status-id={id} tabIndex={0} aria-label={`Post ${id}`}>
          <button type="button" data-action="expand" onClick={() => expand(id)}>
            Show content
          </button>
          <button type="button" data-action="favourite" onClick={() => favourite(id)}>
            Favorite
          </button>
        </article>
      ))}
      <KeyboardShortcuts />
    </main>
  );
}

const press = (key: string, extra: object = {}) =>
  act(() => void fireEvent.keyDown(document.activeElement ?? document.body, { key, ...extra }));
const focusedName = () => document.activeElement?.getAttribute('aria-label');

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
  useModals.setState({ composer: null });
  useSession.setState({ status: 'anonymous' });
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('KeyboardShortcuts', () => {
  it('moves through the posts with j and k and acts on the focused one', () => {
    render(<Page />);
    press('j');
    expect(focusedName()).toBe('Post 1');
    press('j');
    press('j');
    press('k');
    expect(focusedName()).toBe('Post 2');
    press('x');
    expect(expand).toHaveBeenCalledWith('2');
    press('f');
    expect(favourite).toHaveBeenCalledWith('2');
    // From a button inside the post, j still goes to the next post.
    act(() => screen.getAllByRole('button', { name: 'Favorite' })[0]!.focus());
    press('j');
    expect(focusedName()).toBe('Post 2');
  });

  it('does nothing while the reader types', () => {
    render(<Page />);
    act(() => screen.getByRole('textbox', { name: 'Note' }).focus());
    press('j');
    press('n');
    expect(focusedName()).toBe('Note');
    expect(useModals.getState().composer).toBeNull();
  });

  it('opens the composer with n for a signed-in user', () => {
    useSession.setState({ status: 'signedIn' });
    render(<Page />);
    press('n');
    expect(useModals.getState().composer).toEqual({ kind: 'new' });
  });
});
