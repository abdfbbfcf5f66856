import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onUnauthorized } from '../../app/apiClient.ts';
import { DEFAULT_INSTANCE_CONFIG, useInstance } from '../../state/instance.ts';
import { useModals } from '../../state/modals.ts';
import { DEFAULT_PREFERENCES, usePreferences } from '../../state/preferences.ts';
import { resetNavigationStores, rawAccount, signInAs } from '../navigation/testSupport.ts';
import { useDrafts } from '../../state/drafts.ts';
import { PostStatusForm } from './PostStatusForm.tsx';

const fetchMock = vi.fn<typeof fetch>();
const posted = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/api/v1/statuses'))
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
      key: new Headers(init?.headers).get('Idempotency-Key'),
    }));
const statusAnswer = (text: string) =>
  new Response(
    JSON.stringify({
      id: '77',
      created_at: '2026-01-01T00:00:00.000Z',
      account: rawAccount(),
      content: `<p>${text}</p>`,
      visibility: 'public',
    }),
    { status: 200 },
  );

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.clear();
  resetNavigationStores();
  usePreferences.setState(DEFAULT_PREFERENCES);
  signInAs({ source: { privacy: 'unlisted', note: '', fields: [] } });
  useInstance.setState({ config: { ...DEFAULT_INSTANCE_CONFIG, textlimit: 20 } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = () => screen.getByRole('textbox', { name: "What's on your mind?" });
const postButton = () => screen.getByRole('button', { name: 'Post' });
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });

describe('PostStatusForm', () => {
  it('the private-post warning of an unlocked account opens the settings on the profile tab', () => {
    render(<PostStatusForm context={{ kind: 'new' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Followers-only' }));
    fireEvent.click(screen.getByRole('button', { name: 'locked' }));
    expect(useModals.getState().settings).toMatchObject({ targetTab: 'profile' });
    act(() => useModals.getState().closeSettings());
  });

  it("starts with the user's default scope and counts down to the limit", () => {
    render(<PostStatusForm context={{ kind: 'new' }} />);
    expect(screen.getByRole('button', { name: 'Unlisted' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    type('hello');
    expect(screen.getByText('15 characters left')).toBeTruthy();
    type('this text is far too long');
    expect(screen.getByText('5 characters over the limit')).toBeTruthy();
    expect(postButton()).toHaveProperty('disabled', true);
  });

  it('refuses an empty post with the spec message and sends nothing', async () => {
    render(<PostStatusForm context={{ kind: 'new' }} />);
    fireEvent.click(postButton());
    expect((await screen.findByRole('alert')).textContent).toContain(
      "Error: Can't post an empty status with no files",
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('clears the empty-status error once the user starts typing', async () => {
    render(<PostStatusForm context={{ kind: 'new' }} />);
    fireEvent.click(postButton());
    await screen.findByRole('alert');
    type('h');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the text and its draft when the server refuses, and says why', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: 'Try later' }), { status: 422 }),
    );
    const { unmount } = render(<PostStatusForm context={{ kind: 'new' }} />);
    type('keep me');
    fireEvent.click(postButton());
    expect((await screen.findByRole('alert')).textContent).toContain('Error: Try later');
    expect(field()).toHaveProperty('value', 'keep me');
    unmount();
    render(<PostStatusForm context={{ kind: 'new' }} />);
    expect(field()).toHaveProperty('value', 'keep me');
  });

  it('sends with Ctrl+Enter, then clears the text and the draft but keeps the scope', async () => {
    fetchMock.mockResolvedValueOnce(statusAnswer('hi'));
    render(<PostStatusForm context={{ kind: 'new' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Direct' }));
    type('hi @bob');
    expect(useDrafts.getState().drafts).toHaveLength(1);
    fireEvent.keyDown(field(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(field()).toHaveProperty('value', ''));
    expect(posted()[0]?.body).toMatchObject({ status: 'hi @bob', visibility: 'direct' });
    expect(screen.getByRole('button', { name: 'Direct' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(useDrafts.getState().drafts).toHaveLength(0);
  });

  it('warns that a direct message reaches only the first mentions when the instance sets safeDM', () => {
    const warning = /only be visible to the users mentioned at the beginning/;
    const { unmount } = render(<PostStatusForm context={{ kind: 'new' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Direct' }));
    expect(screen.getByText(warning)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Public' }));
    expect(screen.queryByText(warning)).toBeNull();
    unmount();
    useInstance.setState({ config: { ...DEFAULT_INSTANCE_CONFIG, safeDM: false } });
    render(<PostStatusForm context={{ kind: 'new' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Direct' }));
    expect(screen.queryByText(warning)).toBeNull();
  });

  it('does not send on a plain Enter unless submit-on-enter is on', () => {
    render(<PostStatusForm context={{ kind: 'new' }} />);
    type('line');
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends on a plain Enter when submit-on-enter is on, while Shift+Enter stays in the text', async () => {
    usePreferences.setState({ submitOnEnter: true });
    fetchMock.mockResolvedValueOnce(statusAnswer('two lines'));
    render(<PostStatusForm context={{ kind: 'new' }} />);
    type('two');
    expect(fireEvent.keyDown(field(), { key: 'Enter', shiftKey: true })).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    type('two\nlines');
    expect(fireEvent.keyDown(field(), { key: 'Enter' })).toBe(false);
    await waitFor(() => expect(field()).toHaveProperty('value', ''));
    expect(posted().map(({ body }) => body.status)).toEqual(['two\nlines']);
  });

  it('sends with Meta+Enter whatever the submit-on-enter setting', async () => {
    fetchMock.mockResolvedValueOnce(statusAnswer('mac'));
    render(<PostStatusForm context={{ kind: 'new' }} />);
    type('mac');
    fireEvent.keyDown(field(), { key: 'Enter', metaKey: true });
    await waitFor(() => expect(field()).toHaveProperty('value', ''));
    expect(posted().map(({ body }) => body.status)).toEqual(['mac']);
  });

  it('renews the idempotency key on every change, and a retry reuses it', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<PostStatusForm context={{ kind: 'new' }} />);
    type('once');
    fireEvent.click(postButton());
    await screen.findByRole('alert');
    fireEvent.click(postButton());
    await waitFor(() => expect(posted()).toHaveLength(2));
    type('once more');
    fireEvent.click(postButton());
    await waitFor(() => expect(posted()).toHaveLength(3));
    const [first, retry, changed] = posted().map((call) => call.key);
    expect(retry).toBe(first);
    expect(changed).not.toBe(first);
  });

  it('offers files or a poll, not both, and says why the other is unavailable', async () => {
    act(() =>
      useInstance.setState({ config: { ...useInstance.getState().config, pollsAvailable: true } }),
    );
    /** An upload that stays pending. */
    class PendingXhr extends EventTarget {
      readonly upload = new EventTarget();
      open() {}
      setRequestHeader() {}
      abort() {}
      send() {}
    }
    vi.stubGlobal('XMLHttpRequest', PendingXhr);
    const { container } = render(<PostStatusForm context={{ kind: 'new' }} />);
    const attach = () => screen.getByRole('button', { name: 'Attach files' });
    const addPoll = () => screen.getByRole('button', { name: 'Add a poll' });
    const reason = 'A post can have files or a poll, not both';

    fireEvent.click(addPoll());
    expect(attach().getAttribute('aria-disabled')).toBe('true');
    expect(attach().getAttribute('title')).toBe(reason);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    const opened = vi.spyOn(input, 'click');
    fireEvent.click(attach());
    expect(opened).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Remove the poll' }));
    expect(attach().hasAttribute('aria-disabled')).toBe(false);
    const file = new File([new Uint8Array(16)], 'cat.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(addPoll().getAttribute('aria-disabled')).toBe('true'));
    const describedBy = addPoll().getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(reason);
    fireEvent.click(addPoll());
    expect(screen.queryByRole('button', { name: 'Remove the poll' })).toBeNull();
  });

  it('Escape in the emoji picker closes it and puts focus back on its button', async () => {
    render(<PostStatusForm context={{ kind: 'new' }} />);
    const button = screen.getByRole('button', { name: 'Insert emoji' });
    fireEvent.click(button);
    const picker = await screen.findByRole('group', { name: 'Emoji picker' });
    const inside = picker.querySelector('input') ?? picker;
    act(() => (inside as HTMLElement).focus());
    fireEvent.keyDown(inside, { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Emoji picker' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('refuses a file over the upload limit before sending it', async () => {
    act(() =>
      useInstance.setState({ config: { ...useInstance.getState().config, uploadlimit: 1024 } }),
    );
    const { container } = render(<PostStatusForm context={{ kind: 'new' }} />);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File([new Uint8Array(2048)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Upload failed. File too big [2KiB / 1KiB]Dismiss',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs out through the unauthorized handler when an upload is answered 401', async () => {
    /** Answers every upload with 401, as the server does for a revoked token. */
    class RevokedXhr extends EventTarget {
      readonly upload = new EventTarget();
      status = 0;
      statusText = '';
      responseText = '';
      open() {}
      setRequestHeader() {}
      abort() {}
      send() {
        this.status = 401;
        this.responseText = JSON.stringify({ error: 'Invalid credentials.' });
        queueMicrotask(() => this.dispatchEvent(new Event('load')));
      }
    }
    vi.stubGlobal('XMLHttpRequest', RevokedXhr);
    const revoked = vi.fn();
    const stopListening = onUnauthorized(revoked);
    const { container } = render(<PostStatusForm context={{ kind: 'new' }} />);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File([new Uint8Array(16)], 'cat.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(revoked).toHaveBeenCalledWith('token'));
    stopListening();
  });
});
