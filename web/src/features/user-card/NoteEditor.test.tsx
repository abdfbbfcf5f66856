import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEntities } from '../../state/entities.ts';
import { NoteEditor } from './NoteEditor.tsx';

let answer: () => Promise<Response>;

beforeEach(() => {
  useEntities.getState().clear();
  vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer());
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const relationshipJson = (note: string) => ({
  id: 'bob',
  following: false,
  followed_by: false,
  requested: false,
  blocking: false,
  muting: false,
  note,
});

describe('NoteEditor', () => {
  it('edits prefilled, freezes while saving, and stores the saved note', async () => {
    let deliver: (response: Response) => void = () => {};
    answer = () => new Promise((resolve) => (deliver = resolve));
    render(<NoteEditor accountId="bob" note="old note" />);
    expect(screen.getByText('old note')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit note' }));
    const box = screen.getByLabelText('Personal note') as HTMLTextAreaElement;
    expect(box.value).toBe('old note');
    fireEvent.change(box, { target: { value: 'new note' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(box.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    deliver(Response.json(relationshipJson('new note')));
    await waitFor(() => expect(screen.queryByLabelText('Personal note')).toBeNull());
    expect(useEntities.getState().relationships.bob?.note).toBe('new note');
  });

  it('keeps editing with the text when saving fails, and cancel drops the draft', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    answer = async () => Response.json({ error: 'nope' }, { status: 500 });
    render(<NoteEditor accountId="bob" note="" />);
    expect(screen.getByText('(None)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit note' }));
    const box = screen.getByLabelText('Personal note') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'draft' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(box.disabled).toBe(false));
    expect(box.value).toBe('draft');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Personal note')).toBeNull();
    expect(screen.getByText('(None)')).toBeTruthy();
  });
});
