import { useState } from 'react';
import { Button } from '../ui/Button.tsx';
import styles from '../ui/ChunkErrorBoundary.module.css';
import { languageFailure, retryLanguage, t } from './index.ts';
import { useLanguageVersion } from './useLanguage.ts';

const PLACE = {
  position: 'fixed',
  insetBlockEnd: '1rem',
  insetInline: '1rem',
  zIndex: 'var(--z-notice)',
  margin: 0,
  maxWidth: '36rem',
} as const;

/**
 * A language whose strings failed to load (spec part 2, §8: ChunkLoadError, or MODULE_NOT_FOUND
 * for a language with no file): said with the error and a retry, while the interface stays in
 * English.
 */
export function LanguageNotice() {
  useLanguageVersion();
  const failure = languageFailure();
  const [dismissed, setDismissed] = useState<object | null>(null);
  if (!failure || dismissed === failure) return null;
  return (
    <div role="alert" className={styles.failure} style={PLACE}>
      <p className={styles.title}>{t('general.language_failed')}</p>
      <p className={styles.detail}>
        <code>
          {failure.name}: {failure.message}
        </code>
      </p>
      <div className={styles.actions}>
        <Button onClick={() => void retryLanguage()}>{t('general.retry')}</Button>
        <button type="button" className={styles.link} onClick={() => setDismissed(failure)}>
          {t('modals.dismiss')}
        </button>
      </div>
    </div>
  );
}
