import { useMemo, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { safeMediaUrl } from '../../lib/gallery.ts';
import { useCustomEmoji } from '../../state/customEmoji.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { COMMON_EMOJI } from './commonEmoji.ts';
import styles from './ReactionPicker.module.css';

interface ReactionPickerProps {
  /** A unicode emoji (url null) or a custom emoji's shortcode with its image. */
  onPick(name: string, url: string | null): void;
  onClose(): void;
}

const matches = (query: string, ...texts: string[]) =>
  !query || texts.some((text) => text.toLowerCase().includes(query));

/**
 * A simple reaction picker, loaded on demand: a search field over a grid of common unicode emoji
 * and the instance's custom emoji. Picking reacts and closes.
 */
export default function ReactionPicker({ onPick, onClose }: ReactionPickerProps) {
  const [query, setQuery] = useState('');
  const custom = useCustomEmoji((state) => state.emojis);
  const needle = query.trim().toLowerCase().replace(/^:|:$/g, '');
  const unicode = useMemo(
    () => COMMON_EMOJI.filter((item) => matches(needle, item.words, item.emoji)),
    [needle],
  );
  const customShown = useMemo(
    () => custom.filter((emoji) => matches(needle, emoji.shortcode, ...emoji.tags)),
    [custom, needle],
  );
  const pick = (name: string, url: string | null) => {
    onPick(name, url);
    onClose();
  };

  return (
    <Dialog title={t('reactions.picker_title')} onClose={onClose} size="small">
      <input
        type="search"
        className={styles.search}
        aria-label={t('reactions.search')}
        placeholder={t('reactions.search')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        data-autofocus
      />
      <div className={styles.scroller}>
        {customShown.length > 0 && (
          <section aria-label={t('reactions.custom')}>
            <h3 className={styles.heading}>{t('reactions.custom')}</h3>
            <div className={styles.grid}>
              {customShown.map((emoji) => {
                const src = safeMediaUrl(emoji.url);
                return (
                  <button
                    key={emoji.shortcode}
                    type="button"
                    className={styles.cell}
                    aria-label={`:${emoji.shortcode}:`}
                    title={`:${emoji.shortcode}:`}
                    onClick={() => pick(emoji.shortcode, src)}
                  >
                    {src && <img src={src} alt="" className={styles.image} loading="lazy" />}
                  </button>
                );
              })}
            </div>
          </section>
        )}
        {unicode.length > 0 && (
          <section aria-label={t('reactions.unicode')}>
            <h3 className={styles.heading}>{t('reactions.unicode')}</h3>
            <div className={styles.grid}>
              {unicode.map((item) => (
                <button
                  key={item.emoji}
                  type="button"
                  className={styles.cell}
                  aria-label={item.emoji}
                  title={item.words.split(',')[0]}
                  onClick={() => pick(item.emoji, null)}
                >
                  {item.emoji}
                </button>
              ))}
            </div>
          </section>
        )}
        {unicode.length === 0 && customShown.length === 0 && (
          <p className={styles.empty}>{t('reactions.no_results')}</p>
        )}
      </div>
    </Dialog>
  );
}
