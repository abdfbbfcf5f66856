import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useModals } from '../../state/modals.ts';
import { ModalHost } from './ModalHost.tsx';
// The post's delete question travels with the status actions' strings.
import '../../i18n/parts/status.ts';

// Keys that exist in en.json or the status actions' part, so the dialog shows real text.
const REQUEST = {
  titleKey: 'shell.logout',
  messageKey: 'status.delete_confirm',
  acceptKey: 'shell.logout',
  cancelKey: 'modals.close',
};

beforeEach(() => useModals.setState({ confirms: [] }));
afterEach(cleanup);

function ask(): Promise<boolean> {
  let answer!: Promise<boolean>;
  act(() => {
    answer = useModals.getState().confirm(REQUEST);
  });
  return answer;
}

describe('confirmation dialogs in the modal host', () => {
  it('shows an alert dialog with the question, focus on cancel', async () => {
    render(<ModalHost />);
    void ask();
    const dialog = await screen.findByRole('alertdialog', { name: 'Log out' });
    expect(dialog.textContent).toContain('Do you really want to delete this post?');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('Escape cancels and resolves false', async () => {
    render(<ModalHost />);
    const answer = ask();
    const dialog = await screen.findByRole('alertdialog');
    act(() => {
      fireEvent.keyDown(dialog, { key: 'Escape' });
    });
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('the cancel button resolves false', async () => {
    render(<ModalHost />);
    const answer = ask();
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await expect(answer).resolves.toBe(false);
  });

  it('accept resolves true', async () => {
    render(<ModalHost />);
    const answer = ask();
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows queued questions one after the other', async () => {
    render(<ModalHost />);
    const first = ask();
    const second = ask();
    expect(await screen.findAllByRole('alertdialog')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await expect(first).resolves.toBe(true);
    expect(await screen.findAllByRole('alertdialog')).toHaveLength(1);
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await expect(second).resolves.toBe(false);
  });
});
