import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog.tsx';

afterEach(cleanup);

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <button>Outside</button>
      {open && (
        <Dialog
          title="Example"
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <input aria-label="Name" />
          <button>Save</button>
        </Dialog>
      )}
    </>
  );
}

const tab = (shiftKey = false) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });

describe('Dialog', () => {
  it('moves focus inside when it opens and is named by its title', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Example' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('keeps Tab and Shift+Tab cycling inside the dialog', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const save = screen.getByRole('button', { name: 'Save' });
    // Order inside: close (header), the input, save.
    save.focus();
    tab();
    expect(document.activeElement).toBe(close);
    tab(true);
    expect(document.activeElement).toBe(save);
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape and gives focus back to the opener', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    act(() => {
      fireEvent.keyDown(screen.getByRole('textbox', { name: 'Name' }), { key: 'Escape' });
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with its close button, returning focus too', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('gives the first focus to the first field, not to Close', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
  });

  it('makes the page behind it inert while it is open, and only then', async () => {
    const { container } = render(<Harness />);
    const page =
      container.parentElement === document.body ? container : document.body.firstElementChild;
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Example' });
    // Just after the dialog's first frame.
    await waitFor(() => expect((page as HTMLElement).inert).toBe(true));
    expect(dialog.closest<HTMLElement>('[data-dialog-inert]')).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect((page as HTMLElement).inert).toBe(false);
  });

  it('focuses content that loads after it opened, unless the user moved on', async () => {
    function Late() {
      const [shown, setShown] = useState(false);
      return shown ? (
        <input aria-label="Late field" />
      ) : (
        <span ref={() => void setTimeout(() => setShown(true), 0)}>loading</span>
      );
    }
    render(
      <Dialog title="Later" onClose={() => {}}>
        <Late />
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Later' }));
    const field = await screen.findByRole('textbox', { name: 'Late field' });
    expect(document.activeElement).toBe(field);
  });

  it('leaves the keys of a dialog opened from inside it to that dialog', () => {
    const closeOuter = vi.fn();
    function Nested() {
      const [inner, setInner] = useState(false);
      return (
        <Dialog title="Outer" onClose={closeOuter}>
          <button onClick={() => setInner(true)}>Open inner</button>
          {inner && (
            <Dialog title="Inner" onClose={() => setInner(false)}>
              <input aria-label="First" />
              <input aria-label="Middle" />
              <button>Last</button>
            </Dialog>
          )}
        </Dialog>
      );
    }
    render(<Nested />);
    fireEvent.click(screen.getByRole('button', { name: 'Open inner' }));
    const middle = screen.getByRole('textbox', { name: 'Middle' });
    middle.focus();
    // Not at either end: the browser moves focus itself, nothing may stop it.
    expect(fireEvent.keyDown(middle, { key: 'Tab' })).toBe(true);
    expect(document.activeElement).toBe(middle);
    fireEvent.keyDown(middle, { key: 'Escape' });
    expect(closeOuter).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull();
  });
});
