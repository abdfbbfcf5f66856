import '../../i18n/parts/emoji.ts';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { t } from '../../i18n/index.ts';
import { EMOJI_SEARCH_DEBOUNCE_MS } from '../../lib/autocomplete.ts';
import { useCustomEmoji } from '../../state/customEmoji.ts';
import { useRecentEmoji } from '../../state/recentEmoji.ts';
import { loadUnicodeEmoji, type UnicodeEmoji } from './emojiData.ts';
import { normalizeEmojiQuery } from './emojiSearch.ts';
import styles from './EmojiPicker.module.css';
import { pickerSections, type PickerCell, type PickerSection } from './pickerSections.ts';
import { whenIdle } from '../../lib/whenIdle.ts';

/** Spec part 2, §9: six 36 px cells per row (the width lives in the stylesheet). */
export const EMOJI_PER_ROW = 6;
/** Spec part 2, §9: the picker shows a limited first batch (ten rows), the rest follows. */
export const EMOJI_FIRST_BATCH = EMOJI_PER_ROW * 10;
/** Cells added each time the browser is idle or the list is scrolled near its end. */
export const EMOJI_NEXT_BATCH = 300;
/** How close to the end of the list (px) scrolling renders the next batch right away. */
const SCROLL_MARGIN_PX = 200;
const IDLE_TIMEOUT_MS = 500;

const CELL_SELECTOR = '[data-emoji-cell]';

/** Each section's cells within the first `limit` cells of all sections. */
function firstCells(sections: readonly PickerSection[], limit: number): PickerCell[][] {
  const out: PickerCell[][] = [];
  let left = limit;
  for (const section of sections) {
    const shown = section.cells.slice(0, Math.max(0, left));
    left -= shown.length;
    out.push(shown);
  }
  return out;
}

interface EmojiPanelProps {
  onPick(text: string): void;
  /** Interface language for annotations and search keywords. */
  language: string;
}

/**
 * The emoji view of the picker: a search box, a button per group, and the groups' cells. Custom
 * emoji show at once; unicode groups follow when their data has loaded. Only a first batch of
 * cells renders immediately; the rest is added when the browser is idle or the list scrolls.
 */
export function EmojiPanel({ onPick, language }: EmojiPanelProps) {
  const baseId = useId();
  const custom = useCustomEmoji((state) => state.emojis);
  const recent = useRecentEmoji((state) => state.recent);
  const [unicode, setUnicode] = useState<UnicodeEmoji[] | null>(null);
  const [query, setQuery] = useState('');
  const [needle, setNeedle] = useState('');
  const [batch, setBatch] = useState({ needle: '', limit: EMOJI_FIRST_BATCH });
  const [activeCellKey, setActiveCellKey] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const pendingScroll = useRef<number | null>(null);

  useEffect(() => {
    let live = true;
    void loadUnicodeEmoji(language).then((list) => {
      if (live) setUnicode(list);
    });
    return () => {
      live = false;
    };
  }, [language]);

  useEffect(() => {
    searchRef.current?.focus();
  }, []);

  useEffect(() => {
    const handle = setTimeout(
      () => setNeedle(normalizeEmojiQuery(query)),
      EMOJI_SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(handle);
  }, [query]);

  // A new search shows its results from the top.
  useEffect(() => {
    if (scrollerRef.current) scrollerRef.current.scrollTop = 0;
  }, [needle]);

  const sections = useMemo(
    () => pickerSections(needle, custom, unicode, recent),
    [needle, custom, unicode, recent],
  );
  const total = sections.reduce((sum, section) => sum + section.cells.length, 0);
  // A new search starts again from the first batch.
  const limit = batch.needle === needle ? batch.limit : EMOJI_FIRST_BATCH;
  const grow = (to: number) => setBatch({ needle, limit: Math.max(limit, to) });

  useEffect(() => {
    if (limit >= total) return undefined;
    return whenIdle(() => setBatch({ needle, limit: limit + EMOJI_NEXT_BATCH }), IDLE_TIMEOUT_MS);
  }, [limit, total, needle]);

  const sectionElement = (index: number) =>
    scrollerRef.current?.querySelector<HTMLElement>(`[id="${baseId}-group-${index}"]`) ?? null;

  const showSection = (index: number) => {
    const element = sectionElement(index);
    const scroller = scrollerRef.current;
    if (!element || !scroller) return false;
    scroller.scrollTop = element.offsetTop;
    element.querySelector<HTMLElement>(CELL_SELECTOR)?.focus({ preventScroll: true });
    return true;
  };

  // After a group button asked for a group not rendered yet, scroll to it once it is.
  useLayoutEffect(() => {
    if (pendingScroll.current !== null && showSection(pendingScroll.current)) {
      pendingScroll.current = null;
    }
  });

  const goToSection = (index: number) => {
    if (showSection(index)) return;
    const before = sections.slice(0, index + 1).reduce((sum, s) => sum + s.cells.length, 0);
    pendingScroll.current = index;
    grow(before + EMOJI_FIRST_BATCH);
  };

  const onScroll = () => {
    const scroller = scrollerRef.current;
    if (!scroller || limit >= total) return;
    const left = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
    if (left < SCROLL_MARGIN_PX) grow(limit + EMOJI_NEXT_BATCH);
  };

  const cells = () =>
    Array.from(scrollerRef.current?.querySelectorAll<HTMLElement>(CELL_SELECTOR) ?? []);

  const pick = (cell: PickerCell) => {
    useRecentEmoji
      .getState()
      .remember({ text: cell.text, label: cell.label, imageUrl: cell.imageUrl });
    onPick(cell.text);
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      cells()[0]?.focus();
    } else if (event.key === 'Enter') {
      // Enter picks the best match at once, without waiting for the search debounce.
      event.preventDefault();
      const first = pickerSections(normalizeEmojiQuery(query), custom, unicode).find(
        (section) => section.cells.length > 0,
      )?.cells[0];
      if (first) pick(first);
    }
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = cells();
    const at = all.indexOf(event.target as HTMLElement);
    if (at < 0) return;
    const moves: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowLeft: at - 1,
      ArrowDown: at + EMOJI_PER_ROW,
      ArrowUp: at - EMOJI_PER_ROW,
      Home: 0,
      End: all.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    if (to < 0) searchRef.current?.focus();
    else all[Math.min(to, all.length - 1)]?.focus();
  };

  const rendered = firstCells(sections, limit);
  const firstCellKey = rendered.find((shown) => shown.length > 0)?.[0]?.key;
  // Roving tabindex: the cell last focused is the one Tab comes back to.
  const tabStopKey =
    activeCellKey !== null && rendered.some((shown) => shown.some((c) => c.key === activeCellKey))
      ? activeCellKey
      : firstCellKey;
  const loading = unicode === null;

  return (
    <div className={styles.panel}>
      <input
        ref={searchRef}
        type="search"
        className={styles.search}
        aria-label={t('emoji.search')}
        placeholder={t('emoji.search')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onSearchKeyDown}
        data-autofocus
      />
      <div role="group" aria-label={t('emoji.groups_label')} className={styles.groups}>
        {sections.map((section, index) => (
          <GroupButton key={section.id} section={section} onClick={() => goToSection(index)} />
        ))}
      </div>
      <div
        ref={scrollerRef}
        className={styles.scroller}
        onScroll={onScroll}
        onKeyDown={onGridKeyDown}
        onFocus={(event) => {
          const key = (event.target as HTMLElement).dataset.emojiCell;
          if (key) setActiveCellKey(key);
        }}
      >
        {sections.map((section, index) => {
          const shown = rendered[index] ?? [];
          if (shown.length === 0) return null;
          const headingId = `${baseId}-heading-${index}`;
          return (
            <section key={section.id} id={`${baseId}-group-${index}`} aria-labelledby={headingId}>
              <h3 id={headingId} className={styles.heading}>
                {section.label}
              </h3>
              <div className={styles.grid}>
                {shown.map((cell) => (
                  <button
                    key={cell.key}
                    type="button"
                    className={styles.cell}
                    aria-label={cell.label}
                    title={cell.label}
                    tabIndex={cell.key === tabStopKey ? 0 : -1}
                    data-emoji-cell={cell.key}
                    onClick={() => pick(cell)}
                  >
                    {cell.imageUrl ? (
                      <img src={cell.imageUrl} alt="" className={styles.image} loading="lazy" />
                    ) : (
                      !cell.text.startsWith(':') && cell.text
                    )}
                  </button>
                ))}
              </div>
            </section>
          );
        })}
        {loading && (
          <p role="status" className={styles.note}>
            {t('emoji.loading')}
          </p>
        )}
        {!loading && total === 0 && <p className={styles.note}>{t('emoji.no_results')}</p>}
      </div>
    </div>
  );
}

function GroupButton({ section, onClick }: { section: PickerSection; onClick(): void }) {
  return (
    <button
      type="button"
      className={styles.groupButton}
      aria-label={section.label}
      title={section.label}
      disabled={section.cells.length === 0}
      onClick={onClick}
    >
      {'glyph' in section.icon ? (
        <span aria-hidden="true">{section.icon.glyph}</span>
      ) : (
        section.icon.imageUrl && (
          <img src={section.icon.imageUrl} alt="" className={styles.groupImage} />
        )
      )}
    </button>
  );
}
