// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCustomEmoji } from '../../state/customEmoji.ts';
import { useInstance } from '../../state/instance.ts';
import { rawAccount, resetNavigationStores, signInAs } from '../navigation/testSupport.ts';
import { ProfileSettings } from './ProfileSettings.tsx';

vi.mock('../emoji/emojiData.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../emoji/emojiData.ts')>()),
  loadUnicodeEmoji: vi.fn(async () => []),
}));

beforeEach(() => {
  resetNavigationStores();
  vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => {}));
  useCustomEmoji.setState({
    emojis: [{ shortcode: 'blobcat', url: '/emoji/blobcat.png', tags: [] }],
    loaded: true,
  });
  signInAs({ id: '1', username: 'alice', source: { note: 'Hi' } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useCustomEmoji.getState().clear();
});

describe('ProfileSettings bio', () => {
  it('completes :emoji: like the composer', async () => {
    render(<ProfileSettings />);
    const bio = screen.getByRole('textbox', { name: 'Bio' }) as HTMLTextAreaElement;
    const text = 'I like :blo';
    act(() => bio.focus());
    fireEvent.change(bio, {
      target: { value: text, selectionStart: text.length, selectionEnd: text.length },
    });
    await waitFor(() => {
      const suggestions = screen.getByRole('listbox', { name: /suggestions/i });
      expect(suggestions.id).toBe(bio.getAttribute('aria-controls'));
      expect(suggestions.textContent).toBe(':blobcat:');
    });
    fireEvent.keyDown(bio, { key: 'Enter' });
    expect(bio.value).toBe('I like :blobcat: ');
  });
});

describe('ProfileSettings birthday', () => {
  it('starts from the server’s show_birthday and sends the choice with the profile', async () => {
    cleanup();
    signInAs({
      id: '1',
      username: 'alice',
      pleroma: { birthday: '1990-05-01' },
      source: { note: 'Hi', fields: [], sensitive: false, pleroma: { show_birthday: true } },
    });
    render(<ProfileSettings />);
    const show = screen.getByRole('checkbox', {
      name: 'Show my birthday on my profile',
    }) as HTMLInputElement;
    expect(show.checked).toBe(true);
    fireEvent.click(show);
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    const [url, init] = vi.mocked(globalThis.fetch).mock.calls.at(-1)!;
    expect(String(url)).toContain('/api/v1/accounts/update_credentials');
    const body = Object.fromEntries((init?.body as FormData).entries());
    expect(body).toMatchObject({ birthday: '1990-05-01', show_birthday: 'false' });
  });
});

describe('ProfileSettings saving', () => {
  const answerWith = (account: Record<string, unknown>) =>
    vi
      .mocked(globalThis.fetch)
      .mockImplementation(async () => new Response(JSON.stringify(rawAccount(account))));

  it('says the server did not save a change its answer does not show', async () => {
    answerWith({ id: '1', username: 'alice', display_name: '', source: { note: 'Hi' } });
    render(<ProfileSettings />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Display name' }), {
      target: { value: 'Alice Liddell' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The server did not save this change.',
    );
    expect(screen.queryByText('Settings saved')).toBeNull();
  });

  it('says saved when the answer shows the change', async () => {
    answerWith({
      id: '1',
      username: 'alice',
      display_name: 'Alice Liddell',
      source: { note: 'Hi' },
    });
    render(<ProfileSettings />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Display name' }), {
      target: { value: 'Alice Liddell' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect((await screen.findByRole('status')).textContent).toBe('Settings saved');
  });
});

describe('ProfileSettings fields', () => {
  it('offers as many fields, as long, as the instance declares', () => {
    useInstance.setState((state) => ({
      config: {
        ...state.config,
        fieldsLimits: { maxFields: 2, maxRemoteFields: 0, nameLength: 20, valueLength: 40 },
      },
    }));
    render(<ProfileSettings />);
    expect(screen.getByRole('group', { name: 'Profile fields (up to 2)' })).toBeTruthy();
    const add = () => screen.queryByRole('button', { name: 'Add a field' });
    fireEvent.click(add()!);
    fireEvent.click(add()!);
    expect(add()).toBeNull();
    const name = screen.getByRole('textbox', { name: 'Label of field 2' }) as HTMLInputElement;
    const value = screen.getByRole('textbox', { name: 'Content of field 2' }) as HTMLInputElement;
    expect(name.maxLength).toBe(20);
    expect(value.maxLength).toBe(40);
  });
});
