import { useEffect, useState } from 'react';
import type { Status } from '../../api/types.ts';
import { t } from '../../i18n/index.ts';
import { StatusCard } from '../status/StatusCard.tsx';
import styles from './PublicTimeline.module.css';
import { markFirstStatusPainted } from './firstPaint.ts';
import { loadFirstPublicPage } from './publicTimelineLoader.ts';

interface PublicTimelineProps {
  /** true: this instance only (public timeline); false: the whole known network. */
  local: boolean;
  title: string;
}

type TimelineState =
  { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; statuses: Status[] };

/** The public timelines, minimal until the timeline feature lands: first page, newest first. */
export function PublicTimeline({ local, title }: PublicTimelineProps) {
  const [state, setState] = useState<TimelineState>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    loadFirstPublicPage(local).then(
      (page) => current && setState({ kind: 'ready', statuses: page.items }),
      (error: Error) => current && setState({ kind: 'error', message: error.message }),
    );
    return () => {
      current = false;
    };
  }, [local]);

  useEffect(() => {
    if (state.kind === 'ready' && state.statuses.length > 0) markFirstStatusPainted();
  }, [state]);

  return (
    <section
      className={styles.timeline}
      aria-labelledby="timeline-title"
      aria-busy={state.kind === 'loading'}
    >
      <h2 id="timeline-title" className={styles.title}>
        {title}
      </h2>
      {state.kind === 'loading' && <p className={styles.message}>{t('timeline.loading')}</p>}
      {state.kind === 'error' && (
        <p role="alert" className={styles.message}>
          {t('timeline.error', state.message)}
        </p>
      )}
      {state.kind === 'ready' &&
        (state.statuses.length === 0 ? (
          <p className={styles.message}>{t('timeline.no_statuses')}</p>
        ) : (
          state.statuses.map((status) => <StatusCard key={status.id} status={status} />)
        ))}
    </section>
  );
}
