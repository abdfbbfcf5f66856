import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../i18n/index.ts';
import { chunkFailure, type ChunkFailure } from '../lib/chunkErrors.ts';
import { Button } from './Button.tsx';
import styles from './ChunkErrorBoundary.module.css';
import { retryChunks } from './lazyRetry.ts';

interface State {
  failure: ChunkFailure | null;
}

/**
 * Around lazily loaded screens and dialogs: a part that fails to load shows the spec's error
 * with a retry in its place, never a blank page. Other errors go on up.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failure: null };

  static getDerivedStateFromError(error: unknown): State {
    const failure = chunkFailure(error);
    if (!failure) throw error;
    return { failure };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('a part of the app could not be loaded', error, info.componentStack);
  }

  retry = () => {
    retryChunks();
    this.setState({ failure: null });
  };

  override render() {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    return (
      <div role="alert" className={styles.failure}>
        <p className={styles.title}>{t('general.chunk_failed')}</p>
        <p className={styles.detail}>
          <code>
            {failure.name}: {failure.message}
          </code>
        </p>
        <div className={styles.actions}>
          <Button onClick={this.retry}>{t('general.retry')}</Button>
          <button type="button" className={styles.link} onClick={() => window.location.reload()}>
            {t('general.reload_page')}
          </button>
        </div>
      </div>
    );
  }
}
