import { useEffect, useState } from 'react';
import type { Status } from '../../api/types.ts';
import { t } from '../../i18n/index.ts';
import { StatusCard } from '../status/StatusCard.tsx';
import styles from './PublicTimeline.module.css';
import { afterNextPaint, markFirstStatusPainted } from './firstPaint.ts';
import { loadedFirstPublicPage, loadFirstPublicPage } from './publicTimelineLoader.ts';

/**
 * Cards rendered in the first commit when a page arrives; the rest follow after that paint, so
 * the first screenful shows sooner on slow devices.
 */
export const FIRST_SCREENFUL_STATUSES = 5;

interface PublicTimelineProps {
  /** true: this instance only (public timeline); false: the whole known network. */
  local: boolean;
  title: string;
}

type TimelineState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; statuses: Status[]; shown: number };

/** Timelines (by `local`) already shown once during this page load. */
const shownBefore = new Set<boolean>();

function readyState(statuses: Status[], local: boolean): TimelineState {
  // Coming back to a timeline: everything at once, so the scroll position can be restored.
  const shown = shownBefore.has(local)
    ? statuses.length
    : Math.min(statuses.length, FIRST_SCREENFUL_STATUSES);
  return { kind: 'ready', statuses, shown };
}

function initialState(local: boolean): TimelineState {
  const page = loadedFirstPublicPage(local);
  return page ? readyState(page.items, local) : { kind: 'loading' };
}

/** The public timelines, minimal until the timeline feature lands: first page, newest first. */
export function PublicTimeline({ local, title }: PublicTimelineProps) {
  const [state, setState] = useState<TimelineState>(() => initialState(local));

  useEffect(() => {
    if (state.kind !== 'loading') return;
    let current = true;
    loadFirstPublicPage(local).then(
      (page) => current && setState(readyState(page.items, local)),
      (error: Error) => current && setState({ kind: 'error', message: error.message }),
    );
    return () => {
      current = false;
    };
  }, [local, state.kind]);

  const partial = state.kind === 'ready' && state.shown < state.statuses.length;
  useEffect(() => {
    if (state.kind !== 'ready' || state.statuses.length === 0) return;
    shownBefore.add(local);
    markFirstStatusPainted();
    if (!partial) return;
    return afterNextPaint(() =>
      setState((previous) =>
        previous.kind === 'ready' ? { ...previous, shown: previous.statuses.length } : previous,
      ),
    );
  }, [state, partial, local]);

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
          state.statuses
            .slice(0, state.shown)
            .map((status) => <StatusCard key={status.id} status={status} />)
        ))}
    </section>
  );
}
