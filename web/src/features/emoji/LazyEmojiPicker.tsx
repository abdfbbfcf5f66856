import '../../i18n/parts/emoji.ts';
import { lazy, Suspense } from 'react';
import { t } from '../../i18n/index.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import type { EmojiPickerProps } from './EmojiPicker.tsx';

/** The picker and its emoji data stay out of the start-up bundle until first opened. */
const EmojiPicker = lazy(() => import('./EmojiPicker.tsx'));

export type { EmojiPickerProps };

export function LazyEmojiPicker(props: EmojiPickerProps) {
  return (
    <Suspense fallback={<Spinner label={t('emoji.loading')} />}>
      <EmojiPicker {...props} />
    </Suspense>
  );
}
