import '../../i18n/parts/emoji.ts';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type Ref,
  type SyntheticEvent,
  type TextareaHTMLAttributes,
} from 'react';
import { t } from '../../i18n/index.ts';
import {
  BLUR_HIDE_DELAY_MS,
  HASHTAG_SEARCH_DEBOUNCE_MS,
  isRemoteMentionQuery,
  parseTrigger,
  replaceWord,
  USER_SEARCH_DEBOUNCE_MS,
  wordAtCaret,
} from '../../lib/autocomplete.ts';
import { useCustomEmoji } from '../../state/customEmoji.ts';
import styles from './AutocompleteTextarea.module.css';
import { interfaceLanguage, loadUnicodeEmoji, type UnicodeEmoji } from './emojiData.ts';
import {
  suggestionsFor,
  withoutHash,
  type SuggestedUser,
  type Suggestion,
} from './autocompleteSuggestions.ts';
import { emojiCandidates } from './emojiSearch.ts';

export type { SuggestedUser };

export interface AutocompleteSources {
  /** `:word` suggests the instance's custom emoji and unicode emoji (loaded on demand). */
  emoji?: boolean;
  /** `@word` searches users, debounced; a query with a host is never sent. */
  users?: (query: string, signal: AbortSignal) => Promise<SuggestedUser[]>;
  /** Accounts this client already knows, matched on the whole handle (`@name@host` too). */
  knownUsers?: () => SuggestedUser[];
  /** `#word` searches hashtags (names with or without the #), debounced. */
  hashtags?: (query: string, signal: AbortSignal) => Promise<string[]>;
}

interface OwnProps {
  value: string;
  onChange(value: string): void;
  sources: AutocompleteSources;
  /** Language of unicode emoji names; defaults to the interface language. */
  language?: string;
  /** Class of the wrapper holding the field and its suggestion list. */
  wrapperClassName?: string;
}

type Native<Attributes> = Omit<Attributes, 'value' | 'defaultValue' | 'onChange' | 'children'>;
type FieldElement = HTMLTextAreaElement | HTMLInputElement;

export type AutocompleteTextareaProps = OwnProps &
  (
    | ({ as?: 'textarea'; ref?: Ref<HTMLTextAreaElement> } & Native<
        TextareaHTMLAttributes<HTMLTextAreaElement>
      >)
    | ({ as: 'input'; ref?: Ref<HTMLInputElement> } & Native<InputHTMLAttributes<HTMLInputElement>>)
  );

/** The users found by search, plus the accounts already known that the search did not return. */
function withKnown(found: SuggestedUser[], known?: () => SuggestedUser[]): SuggestedUser[] {
  if (!known) return found;
  const ids = new Set(found.map((user) => user.id));
  return [...found, ...known().filter((user) => !ids.has(user.id))];
}

function assignRef<T>(ref: Ref<T> | undefined, node: T | null) {
  if (typeof ref === 'function') ref(node);
  else if (ref) ref.current = node;
}

/**
 * A textarea (or, with as="input", a one-line field) completing the word at the caret
 * (spec part 2, §5, §9): `:emo` emoji, `@al` users, `#ta` hashtags. At most five suggestions show
 * under the field; arrows move, Enter or Tab picks (the key never reaches the parent's
 * onKeyDown), Escape closes, a click picks, and leaving the field hides them after 200 ms.
 */
export function AutocompleteTextarea(props: AutocompleteTextareaProps) {
  const {
    as = 'textarea',
    ref,
    value,
    onChange,
    sources,
    language,
    wrapperClassName,
    onKeyDown,
    onFocus,
    onBlur,
    onSelect,
    ...rest
  } = props;
  const baseId = useId();
  const listId = `${baseId}-suggestions`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const lang = language ?? interfaceLanguage();

  const fieldRef = useRef<FieldElement | null>(null);
  /** A pick's text and caret, until the field shows that text. */
  const pendingPick = useRef<{ text: string; caret: number } | null>(null);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sourcesRef = useRef(sources);
  const [focused, setFocused] = useState(false);
  const [caret, setCaret] = useState<number | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  // Suggestions follow typing: a field focused with text already in it (a reply's mentions)
  // stays quiet until the person types.
  const [typed, setTyped] = useState(false);
  const [highlight, setHighlight] = useState({ key: '', index: 0 });
  const [knownUsers, setKnownUsers] = useState<SuggestedUser[]>([]);
  const [hashtags, setHashtags] = useState<string[]>([]);
  const [unicode, setUnicode] = useState<{ lang: string; list: UnicodeEmoji[] } | null>(null);
  const custom = useCustomEmoji((state) => state.emojis);

  useLayoutEffect(() => {
    sourcesRef.current = sources;
  });

  const setRefs = useCallback(
    (node: FieldElement | null) => {
      fieldRef.current = node;
      assignRef(ref as Ref<FieldElement> | undefined, node);
    },
    [ref],
  );

  const word = focused && caret !== null ? wordAtCaret(value, caret) : null;
  const trigger = word ? parseTrigger(word.word) : null;
  const enabled =
    trigger !== null &&
    (trigger.kind === 'emoji'
      ? Boolean(sources.emoji)
      : trigger.kind === 'user'
        ? Boolean(sources.users)
        : Boolean(sources.hashtags));
  const active = enabled ? trigger : null;
  const wordKey = word ? `${word.start}:${word.word}` : '';

  const unicodeList = unicode?.lang === lang ? unicode.list : null;
  const wantsUnicode = active?.kind === 'emoji' && unicodeList === null;
  useEffect(() => {
    if (!wantsUnicode) return;
    void loadUnicodeEmoji(lang).then((list) => setUnicode({ lang, list }));
  }, [wantsUnicode, lang]);

  const userQuery =
    active?.kind === 'user' && !isRemoteMentionQuery(active.query) ? active.query : null;
  useEffect(() => {
    const search = sourcesRef.current.users;
    if (userQuery === null || !search) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search(userQuery, controller.signal).then(
        (users) => {
          if (controller.signal.aborted) return;
          setKnownUsers((known) => {
            const fresh = new Set(users.map((user) => user.id));
            return [...known.filter((user) => !fresh.has(user.id)), ...users];
          });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) console.warn('user search failed', error);
        },
      );
    }, USER_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [userQuery]);

  const hashtagQuery = active?.kind === 'hashtag' ? active.query : null;
  useEffect(() => {
    const search = sourcesRef.current.hashtags;
    if (hashtagQuery === null || !search) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search(hashtagQuery, controller.signal).then(
        (tags) => {
          if (!controller.signal.aborted) setHashtags(tags.map(withoutHash).filter(Boolean));
        },
        (error: unknown) => {
          if (!controller.signal.aborted) console.warn('hashtag search failed', error);
        },
      );
    }, HASHTAG_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [hashtagQuery]);

  // Rebuilt only when the data changes, not on every keystroke of an emoji query.
  const emojiActive = active?.kind === 'emoji';
  const emojiList = useMemo(
    () => (emojiActive ? emojiCandidates(custom, unicodeList ?? []) : []),
    [emojiActive, custom, unicodeList],
  );

  const suggestions = active
    ? suggestionsFor(active.kind, active.query, {
        emojiList,
        knownUsers: active.kind === 'user' ? withKnown(knownUsers, sources.knownUsers) : [],
        hashtags,
      })
    : [];

  const open = typed && suggestions.length > 0 && dismissed !== wordKey;
  const current = highlight.key === wordKey ? Math.min(highlight.index, suggestions.length - 1) : 0;

  // After a pick, put the caret after the inserted text once the new value is in the field.
  useLayoutEffect(() => {
    const field = fieldRef.current;
    const pending = pendingPick.current;
    if (!field || !pending || field.value !== pending.text) return;
    pendingPick.current = null;
    field.setSelectionRange(pending.caret, pending.caret);
  }, [value]);

  useEffect(
    () => () => {
      if (blurTimer.current) clearTimeout(blurTimer.current);
    },
    [],
  );

  const pick = (suggestion: Suggestion | undefined) => {
    if (!suggestion || !word) return;
    const next = replaceWord(value, word.start, word.end, suggestion.replacement);
    pendingPick.current = { text: next.text, caret: next.caret };
    setCaret(next.caret);
    onChange(next.text);
  };

  const trackCaret = (event: SyntheticEvent<FieldElement>) => {
    // A select event queued with the picking key still sees the old text and caret.
    const pending = pendingPick.current;
    if (pending && event.currentTarget.value !== pending.text) return;
    setCaret(event.currentTarget.selectionStart);
  };

  const handleChange = (event: ChangeEvent<FieldElement>) => {
    pendingPick.current = null;
    setTyped(true);
    setCaret(event.target.selectionStart);
    onChange(event.target.value);
  };

  const handleKeyDown = (event: KeyboardEvent<FieldElement>) => {
    if (open && !event.nativeEvent.isComposing) {
      const modified = event.ctrlKey || event.metaKey || event.altKey;
      let handled = true;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        const count = suggestions.length;
        setHighlight({ key: wordKey, index: (current + step + count) % count });
      } else if (
        (event.key === 'Enter' && !modified && !event.shiftKey) ||
        (event.key === 'Tab' && !event.shiftKey)
      ) {
        pick(suggestions[current]);
      } else if (event.key === 'Escape') {
        setDismissed(wordKey);
      } else {
        handled = false;
      }
      if (handled) {
        event.preventDefault();
        event.stopPropagation();
        return;
      }
    }
    (onKeyDown as ((e: KeyboardEvent<FieldElement>) => void) | undefined)?.(event);
  };

  const handleFocus = (event: FocusEvent<FieldElement>) => {
    // A pending hide means focus is coming back after a moment away (a suggestion's click).
    if (blurTimer.current) clearTimeout(blurTimer.current);
    else setTyped(false);
    blurTimer.current = null;
    setFocused(true);
    setCaret(event.currentTarget.selectionStart);
    (onFocus as ((e: FocusEvent<FieldElement>) => void) | undefined)?.(event);
  };

  const handleBlur = (event: FocusEvent<FieldElement>) => {
    if (blurTimer.current) clearTimeout(blurTimer.current);
    // Hidden a moment later, so a click on a suggestion still lands.
    blurTimer.current = setTimeout(() => {
      blurTimer.current = null;
      setFocused(false);
    }, BLUR_HIDE_DELAY_MS);
    (onBlur as ((e: FocusEvent<FieldElement>) => void) | undefined)?.(event);
  };

  const handleSelect = (event: SyntheticEvent<FieldElement>) => {
    trackCaret(event);
    (onSelect as ((e: SyntheticEvent<FieldElement>) => void) | undefined)?.(event);
  };

  const fieldProps = {
    ...rest,
    ref: setRefs,
    value,
    onChange: handleChange,
    onKeyDown: handleKeyDown,
    onFocus: handleFocus,
    onBlur: handleBlur,
    onSelect: handleSelect,
    // ARIA 1.2 combobox on a one-line field; a textarea may take no role, so it stays a textbox
    // whose suggestions are announced through aria-autocomplete and the active option.
    ...(as === 'input'
      ? { role: 'combobox', 'aria-expanded': open }
      : { 'aria-haspopup': 'listbox' as const }),
    'aria-autocomplete': 'list' as const,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': open ? optionId(current) : undefined,
  };

  return (
    <div className={[styles.wrapper, wrapperClassName].filter(Boolean).join(' ')}>
      {as === 'input' ? (
        <input
          {...(fieldProps as InputHTMLAttributes<HTMLInputElement> & {
            ref: Ref<HTMLInputElement>;
          })}
        />
      ) : (
        <textarea
          {...(fieldProps as TextareaHTMLAttributes<HTMLTextAreaElement> & {
            ref: Ref<HTMLTextAreaElement>;
          })}
        />
      )}
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('emoji.suggestions')}
          className={styles.listbox}
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              className={styles.option}
              // Keep focus (and the caret) in the field while clicking.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(suggestion)}
            >
              {suggestion.imageUrl && (
                <img src={suggestion.imageUrl} alt="" className={styles.image} />
              )}
              {suggestion.glyph && (
                <span aria-hidden="true" className={styles.glyph}>
                  {suggestion.glyph}
                </span>
              )}
              <span className={styles.primary}>{suggestion.primary}</span>
              {suggestion.secondary && (
                <span className={styles.secondary}>{suggestion.secondary}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
