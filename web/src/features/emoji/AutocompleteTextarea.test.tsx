import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef, useState, type KeyboardEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLUR_HIDE_DELAY_MS, USER_SEARCH_DEBOUNCE_MS } from '../../lib/autocomplete.ts';
import { useCustomEmoji } from '../../state/customEmoji.ts';
import {
  AutocompleteTextarea,
  type AutocompleteSources,
  type SuggestedUser,
} from './AutocompleteTextarea.tsx';
import type { UnicodeEmoji } from './emojiData.ts';

const UNICODE: UnicodeEmoji[] = [
  {
    unicode: '😀',
    name: 'grinning face',
    shortcodes: ['grinning'],
    keywords: ['smile'],
    group: 'smileys-and-emotion',
  },
  {
    unicode: '🐡',
    name: 'blowfish',
    shortcodes: ['blowfish'],
    keywords: ['fish'],
    group: 'animals-and-nature',
  },
];

vi.mock('./emojiData.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./emojiData.ts')>()),
  loadUnicodeEmoji: vi.fn(async () => UNICODE),
}));

const alice: SuggestedUser = { id: '1', screenName: 'alice', name: 'Alice', avatar: '/a.png' };
const alan: SuggestedUser = {
  id: '2',
  screenName: 'alan@remote.example',
  name: 'Alan',
  avatar: '/b.png',
};

function Harness({
  sources,
  onKeyDown,
  as,
}: {
  sources: AutocompleteSources;
  onKeyDown?: (event: KeyboardEvent) => void;
  as?: 'input';
}) {
  const [value, setValue] = useState('');
  return as === 'input' ? (
    <AutocompleteTextarea
      as="input"
      aria-label="Subject"
      value={value}
      onChange={setValue}
      sources={sources}
      onKeyDown={onKeyDown}
    />
  ) : (
    <AutocompleteTextarea
      aria-label="Post"
      value={value}
      onChange={setValue}
      sources={sources}
      onKeyDown={onKeyDown}
    />
  );
}

/** The textarea is a textbox (a textarea may take no role); the one-line field a combobox. */
function field(name = 'Post') {
  return screen.getByRole(name === 'Subject' ? 'combobox' : 'textbox', {
    name,
  }) as HTMLTextAreaElement;
}

/** Whether the field points at an open suggestion list. */
const listOpen = (element: Element) => element.hasAttribute('aria-controls');

/** Types the whole text at once, caret at its end (as after typing its last character). */
function typeText(element: HTMLTextAreaElement | HTMLInputElement, text: string) {
  act(() => element.focus());
  fireEvent.change(element, {
    target: { value: text, selectionStart: text.length, selectionEnd: text.length },
  });
}

const options = () => screen.queryAllByRole('option').map((option) => option.textContent);

beforeEach(() => {
  useCustomEmoji.setState({
    emojis: [
      { shortcode: 'blob', url: '/emoji/blob.png', tags: ['pack:blobs'] },
      { shortcode: 'blobcat', url: '/emoji/blobcat.png', tags: ['pack:blobs'] },
    ],
    loaded: true,
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useCustomEmoji.getState().clear();
});

describe('AutocompleteTextarea: emoji', () => {
  it('suggests custom and unicode emoji and picks with Enter without submitting', async () => {
    const parentKeys = vi.fn();
    render(<Harness sources={{ emoji: true }} onKeyDown={(e) => parentKeys(e.key)} />);
    const textarea = field();
    typeText(textarea, 'hello :bl');

    await waitFor(() => expect(options()).toEqual([':blob:', ':blobcat:', '🐡:blowfish:blowfish']));
    expect(screen.getByRole('listbox').id).toBe(textarea.getAttribute('aria-controls'));
    expect(textarea.hasAttribute('role')).toBe(false);
    expect(textarea.hasAttribute('aria-expanded')).toBe(false);
    expect(textarea.getAttribute('aria-haspopup')).toBe('listbox');
    const first = screen.getAllByRole('option')[0];
    expect(textarea.getAttribute('aria-activedescendant')).toBe(first?.id);
    expect(first?.getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(textarea, { key: 'Enter' });
    expect(textarea.value).toBe('hello :blob: ');
    expect(textarea.selectionStart).toBe('hello :blob: '.length);
    expect(parentKeys).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(listOpen(textarea)).toBe(false);
    expect(textarea.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('moves with the arrow keys and picks a unicode emoji with Tab', async () => {
    render(<Harness sources={{ emoji: true }} />);
    const textarea = field();
    typeText(textarea, ':bl');
    await waitFor(() => expect(options()).toHaveLength(3));
    fireEvent.keyDown(textarea, { key: 'ArrowUp' });
    expect(screen.getAllByRole('option')[2]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(textarea, { key: 'Tab' });
    expect(textarea.value).toBe('🐡 ');
  });

  it('does not start on a one-character word, and lets Enter through when closed', () => {
    const parentKeys = vi.fn();
    render(<Harness sources={{ emoji: true }} onKeyDown={(e) => parentKeys(e.key)} />);
    const textarea = field();
    typeText(textarea, ':');
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.keyDown(textarea, { key: 'Enter' });
    expect(parentKeys).toHaveBeenCalledWith('Enter');
  });

  it('closes on Escape without the key reaching the parent, until the word changes', async () => {
    const parentKeys = vi.fn();
    render(<Harness sources={{ emoji: true }} onKeyDown={(e) => parentKeys(e.key)} />);
    const textarea = field();
    typeText(textarea, ':blob');
    await screen.findByRole('listbox');
    fireEvent.keyDown(textarea, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(parentKeys).not.toHaveBeenCalled();
    typeText(textarea, ':blobc');
    expect(await screen.findByRole('listbox')).toBeTruthy();
  });

  it('picks with a click and hides 200 ms after the field loses focus', async () => {
    render(<Harness sources={{ emoji: true }} />);
    const textarea = field();
    typeText(textarea, 'a :grin and more');
    fireEvent.change(textarea, { target: { selectionStart: 7, selectionEnd: 7 } });
    fireEvent.select(textarea);
    await waitFor(() => expect(options()).toEqual(['😀:grinning:grinning face']));
    fireEvent.click(screen.getByRole('option'));
    expect(textarea.value).toBe('a 😀 and more');

    typeText(textarea, ':blob');
    await screen.findByRole('listbox');
    act(() => textarea.blur());
    expect(screen.getByRole('listbox')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull(), {
      timeout: BLUR_HIDE_DELAY_MS * 5,
    });
  });
});

describe('AutocompleteTextarea: mentions and hashtags', () => {
  it('searches users once the typing pauses, and mentions the chosen account', async () => {
    const users = vi.fn(async (query: string) =>
      [alice, alan].filter((u) => u.screenName.startsWith(query)),
    );
    render(<Harness sources={{ users }} />);
    const textarea = field();
    typeText(textarea, '@a');
    typeText(textarea, '@al');
    expect(users).not.toHaveBeenCalled();
    await waitFor(() => expect(options()).toEqual(['Alan@alan@remote.example', 'Alice@alice']), {
      timeout: USER_SEARCH_DEBOUNCE_MS * 5,
    });
    expect(users).toHaveBeenCalledTimes(1);
    expect(users.mock.calls[0]?.[0]).toBe('al');

    fireEvent.keyDown(textarea, { key: 'ArrowDown' });
    fireEvent.keyDown(textarea, { key: 'Enter' });
    expect(textarea.value).toBe('@alice ');
  });

  it('never sends a query naming a host, matching it among users already found', async () => {
    const users = vi.fn(async () => [alice, alan]);
    render(<Harness sources={{ users }} />);
    const textarea = field();
    typeText(textarea, '@al');
    await waitFor(() => expect(options()).toHaveLength(2), {
      timeout: USER_SEARCH_DEBOUNCE_MS * 5,
    });
    typeText(textarea, '@alan@rem');
    expect(options()).toEqual(['Alan@alan@remote.example']);
    await new Promise((resolve) => setTimeout(resolve, USER_SEARCH_DEBOUNCE_MS * 2));
    expect(users).toHaveBeenCalledTimes(1);
  });

  it('matches a full handle among the accounts already known, without a search', async () => {
    const kestrel: SuggestedUser = {
      id: '9',
      screenName: 'kestrel@else.example',
      name: 'Kestrel',
      avatar: 'https://else.example/k.png',
    };
    const users = vi.fn(async () => []);
    render(<Harness sources={{ users, knownUsers: () => [alice, kestrel] }} />);
    typeText(field(), '@kestrel@else');
    expect(options()).toEqual(['Kestrel@kestrel@else.example']);
    await new Promise((resolve) => setTimeout(resolve, USER_SEARCH_DEBOUNCE_MS * 2));
    expect(users).not.toHaveBeenCalled();
  });

  it("stays closed on text the field was given (a reply's mention) until the person types", () => {
    function Prefilled() {
      const [value, setValue] = useState('@alice');
      return (
        <AutocompleteTextarea
          aria-label="Post"
          value={value}
          onChange={setValue}
          sources={{ users: async () => [], knownUsers: () => [alice] }}
        />
      );
    }
    render(<Prefilled />);
    const element = field();
    act(() => {
      element.setSelectionRange(6, 6);
      element.focus();
    });
    fireEvent.select(element);
    expect(options()).toEqual([]);
    expect(listOpen(element)).toBe(false);
    const enter = fireEvent.keyDown(element, { key: 'Enter' });
    expect(enter).toBe(true); // not taken by the suggestions
    typeText(element, '@alic');
    expect(options()).toEqual(['Alice@alice']);
  });

  it('aborts a search whose query changed', async () => {
    const signals: AbortSignal[] = [];
    const users = vi.fn(
      (_query: string, signal: AbortSignal) =>
        new Promise<SuggestedUser[]>(() => signals.push(signal)),
    );
    render(<Harness sources={{ users }} />);
    const textarea = field();
    typeText(textarea, '@al');
    await waitFor(() => expect(signals).toHaveLength(1), { timeout: USER_SEARCH_DEBOUNCE_MS * 5 });
    typeText(textarea, '@ali');
    expect(signals[0]?.aborted).toBe(true);
  });

  it('suggests hashtags', async () => {
    const hashtags = vi.fn(async () => ['#tabby', 'tacos']);
    render(<Harness sources={{ hashtags }} />);
    const textarea = field();
    typeText(textarea, 'I like #ta');
    await waitFor(() => expect(options()).toEqual(['#tabby', '#tacos']), {
      timeout: USER_SEARCH_DEBOUNCE_MS * 5,
    });
    fireEvent.keyDown(textarea, { key: 'ArrowDown' });
    fireEvent.keyDown(textarea, { key: 'Enter' });
    expect(textarea.value).toBe('I like #tacos ');
  });

  it('suggests nothing for a kind without a source', () => {
    render(<Harness sources={{}} />);
    typeText(field(), ':blob');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('AutocompleteTextarea: the input variant', () => {
  it('is a one-line field with the same completion and a forwarded ref', async () => {
    const ref = createRef<HTMLInputElement>();
    function Subject() {
      const [value, setValue] = useState('');
      return (
        <AutocompleteTextarea
          as="input"
          ref={ref}
          aria-label="Subject"
          value={value}
          onChange={setValue}
          sources={{ emoji: true }}
        />
      );
    }
    render(<Subject />);
    const input = field('Subject');
    expect(ref.current).toBe(input);
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    typeText(input, ':blo');
    await waitFor(() => expect(options()).toContain(':blob:'));
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('listbox').id).toBe(input.getAttribute('aria-controls'));
  });
});
