import '../../i18n/parts/emoji.ts';
import { t } from '../../i18n/index.ts';
import { safeMediaUrl } from '../../lib/gallery.ts';
import { useCustomEmoji } from '../../state/customEmoji.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { EmojiPicker } from '../emoji/EmojiPicker.tsx';

interface ReactionPickerProps {
  /** A unicode emoji (url null) or a custom emoji's shortcode with its image. */
  onPick(name: string, url: string | null): void;
  onClose(): void;
}

const SHORTCODE = /^:(.+):$/;

/**
 * The reaction picker, loaded on demand: the full emoji picker (every unicode emoji and the
 * instance's custom emoji, searchable) in a dialog. Picking reacts and closes.
 */
export default function ReactionPicker({ onPick, onClose }: ReactionPickerProps) {
  const custom = useCustomEmoji((state) => state.emojis);
  const pick = (text: string) => {
    const shortcode = SHORTCODE.exec(text)?.[1];
    const emoji = shortcode ? custom.find((item) => item.shortcode === shortcode) : undefined;
    if (emoji) onPick(emoji.shortcode, safeMediaUrl(emoji.url));
    else onPick(text, null);
  };

  return (
    <Dialog title={t('reactions.picker_title')} onClose={onClose} size="small">
      <EmojiPicker onPick={pick} onClose={onClose} showKeepOpen={false} framed={false} />
    </Dialog>
  );
}
