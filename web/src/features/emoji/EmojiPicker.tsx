import '../../i18n/parts/emoji.ts';
import { useState, type KeyboardEvent } from 'react';
import { t } from '../../i18n/index.ts';
import { useInstance } from '../../state/instance.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { interfaceLanguage } from './emojiData.ts';
import { EmojiPanel } from './EmojiPanel.tsx';
import styles from './EmojiPicker.module.css';
import { StickerPanel } from './StickerPanel.tsx';

export interface EmojiPickerProps {
  /** Gets the unicode character, or `:shortcode:` for a custom emoji. */
  onPick(text: string): void;
  /** Gets a chosen sticker's image; without it the stickers tab is not offered. */
  onSticker?(file: File): void;
  /** Escape, and every pick while keep-open is off. */
  onClose(): void;
  /** Where the keep-open toggle starts (off unless told). */
  keepOpenDefault?: boolean;
  /** Offer the keep-open toggle (the reaction picker always closes). Default true. */
  showKeepOpen?: boolean;
  /** Language of the annotations searched and read out; defaults to the interface language. */
  language?: string;
  /** Draw the picker's own border and shadow (off inside a dialog). Default true. */
  framed?: boolean;
}

type View = 'emoji' | 'stickers';

/**
 * The emoji picker (spec part 2, §4): an emoji view and, when the instance has sticker packs, a
 * sticker view, with a keep-open toggle. Focus starts in the search box; Escape closes.
 */
export function EmojiPicker({
  onPick,
  onSticker,
  onClose,
  keepOpenDefault = false,
  showKeepOpen = true,
  language,
  framed = true,
}: EmojiPickerProps) {
  const packs = useInstance((state) => state.config.stickerPacks);
  const [view, setView] = useState<View>('emoji');
  const [keepOpen, setKeepOpen] = useState(keepOpenDefault);
  const lang = language ?? interfaceLanguage();

  const pick = (text: string) => {
    onPick(text);
    if (!keepOpen) onClose();
  };
  const sticker = (file: File) => {
    onSticker?.(file);
    if (!keepOpen) onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };

  const emojiPanel = <EmojiPanel onPick={pick} language={lang} />;
  const hasStickers = Boolean(onSticker) && packs.length > 0;

  return (
    <div
      role="group"
      aria-label={t('emoji.picker')}
      className={`${styles.picker} ${framed ? styles.framed : ''}`}
      onKeyDown={onKeyDown}
    >
      {hasStickers ? (
        <Tabs<View>
          tabs={[
            { id: 'emoji', label: t('emoji.emoji') },
            { id: 'stickers', label: t('emoji.stickers') },
          ]}
          active={view}
          onSelect={setView}
          label={t('emoji.picker')}
          className={styles.tabs}
        >
          {view === 'emoji' ? emojiPanel : <StickerPanel packs={packs} onSticker={sticker} />}
        </Tabs>
      ) : (
        emojiPanel
      )}
      {showKeepOpen && (
        <label className={styles.keepOpen}>
          <input
            type="checkbox"
            checked={keepOpen}
            onChange={(event) => setKeepOpen(event.target.checked)}
          />
          {t('emoji.keep_open')}
        </label>
      )}
    </div>
  );
}

export default EmojiPicker;
