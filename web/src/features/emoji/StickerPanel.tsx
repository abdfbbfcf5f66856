import '../../i18n/parts/emoji.ts';
import { useState } from 'react';
import { stickerFile } from '../../api/instance.ts';
import { t } from '../../i18n/index.ts';
import { safeMediaUrl } from '../../lib/gallery.ts';
import type { InstanceConfig } from '../../state/instance.ts';
import styles from './EmojiPicker.module.css';

export type StickerPack = InstanceConfig['stickerPacks'][number];

export interface StickerImage {
  /** File name inside the pack, used for the File and (without extension) the label. */
  file: string;
  url: string;
}

/** A pack's title and the images in it whose address is safe to load. */
export function stickerPackImages(pack: StickerPack): { title: string; images: StickerImage[] } {
  const images = pack.files.flatMap((file) => {
    const url = safeMediaUrl(pack.path + file);
    return url ? [{ file, url }] : [];
  });
  return { title: pack.title ?? pack.name, images };
}

const withoutExtension = (file: string) => file.replace(/\.[^.]+$/, '');

interface StickerPanelProps {
  packs: readonly StickerPack[];
  onSticker(file: File): void;
}

/** The sticker view of the picker: each pack's images; choosing one hands its File over. */
export function StickerPanel({ packs, onSticker }: StickerPanelProps) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const choose = async (image: StickerImage) => {
    setBusy(true);
    setFailed(false);
    try {
      onSticker(await stickerFile(image.url, image.file.split('/').pop() || image.file));
    } catch (error) {
      console.warn('sticker could not be fetched', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.scroller} aria-busy={busy}>
      {packs.map((pack) => {
        const { title, images } = stickerPackImages(pack);
        return (
          <section key={pack.path} aria-label={title}>
            <h3 className={styles.heading}>{title}</h3>
            <div className={styles.stickers}>
              {images.map((image) => {
                const label = t('emoji.sticker', withoutExtension(image.file));
                return (
                  <button
                    key={image.file}
                    type="button"
                    className={styles.sticker}
                    aria-label={label}
                    title={label}
                    disabled={busy}
                    onClick={() => void choose(image)}
                  >
                    <img src={image.url} alt="" loading="lazy" />
                  </button>
                );
              })}
            </div>
          </section>
        );
      })}
      {busy && (
        <p role="status" className={styles.note}>
          {t('emoji.sticker_busy')}
        </p>
      )}
      {failed && (
        <p role="alert" className={styles.error}>
          {t('emoji.sticker_error')}
        </p>
      )}
    </div>
  );
}
