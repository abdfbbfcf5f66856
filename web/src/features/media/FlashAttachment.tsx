import '../../i18n/parts/media.ts';
import { useEffect, useRef, useState } from 'react';
import type { Attachment } from '../../api/types.ts';
import { t } from '../../i18n/index.ts';
import { safeMediaUrl } from '../../lib/safeUrl.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './FlashAttachment.module.css';
import { playFlash, type RufflePlayerElement } from './ruffleLoader.ts';

type FlashState = 'idle' | 'loading' | 'playing' | 'error';

/**
 * A Flash attachment (spec part 2, §4 Media): a placeholder until the user presses play, then
 * loading, playing or an error (`general.flash_fail`, also logged), with a stop control. The
 * emulator is fetched on the first play only.
 */
export default function FlashAttachment({ attachment }: { attachment: Attachment }) {
  const [state, setState] = useState<FlashState>('idle');
  const stage = useRef<HTMLDivElement>(null);
  const player = useRef<RufflePlayerElement | null>(null);
  const url = safeMediaUrl(attachment.url);
  const name = attachment.description || t('media.flash');

  const stop = () => {
    player.current?.remove();
    player.current = null;
    stage.current?.replaceChildren();
    setState('idle');
  };
  useEffect(() => () => player.current?.remove(), []);

  const play = () => {
    const container = stage.current;
    if (!url || !container) return;
    setState('loading');
    playFlash(container, url).then(
      (created) => {
        player.current = created;
        setState((current) => (current === 'loading' ? 'playing' : current));
      },
      (error: unknown) => {
        console.error('Flash content could not be played', error);
        container.replaceChildren();
        setState('error');
      },
    );
  };

  return (
    <div className={styles.flash} data-flash-state={state}>
      <div
        ref={stage}
        className={styles.stage}
        hidden={state !== 'loading' && state !== 'playing'}
      />
      {state === 'idle' && (
        <button type="button" className={styles.placeholder} onClick={play} disabled={!url}>
          <span aria-hidden="true" className={styles.playIcon}>
            ▶
          </span>
          <span>{t('media.play_flash', name)}</span>
        </button>
      )}
      {state === 'loading' && <Spinner label={t('media.flash_loading')} />}
      {state === 'error' && (
        <p role="alert" className={styles.error}>
          {t('general.flash_fail')}
        </p>
      )}
      {(state === 'loading' || state === 'playing' || state === 'error') && (
        <Button compact onClick={stop}>
          {state === 'error' ? t('media.flash_close') : t('media.stop_flash')}
        </Button>
      )}
    </div>
  );
}
