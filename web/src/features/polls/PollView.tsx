import { lazy, Suspense, useEffect, useState } from 'react';
import * as pollsApi from '../../api/polls.ts';
import type { Poll } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { t, tCount } from '../../i18n/index.ts';
import { pollName } from '../../lib/accessibleNames.ts';
import {
  isPollExpired,
  optionPercentages,
  pollDeadline,
  pollMode,
  pollVoters,
  POLL_REFRESH_MS,
} from '../../lib/polls.ts';
import { useEntities, useStatus } from '../../state/entities.ts';
import { useSession } from '../../state/session.ts';
import { absoluteTime, timeSpan, useLocaleFormats } from '../../ui/localeFormats.ts';
import { RichContent } from '../../ui/RichContent.tsx';
import { VisuallyHidden } from '../../ui/VisuallyHidden.tsx';
import styles from './PollView.module.css';

/** The voting controls, loaded on demand: anonymous visitors and closed polls never need them. */
const VoteForm = lazy(() => import('./VoteForm.tsx'));

/** Re-reads the poll and writes it into its status in the entity store (every view follows). */
export async function refreshPoll(statusId: string, pollId: string): Promise<Poll> {
  const poll = await pollsApi.get(api, pollId);
  useEntities.getState().patchStatus(statusId, { poll });
  return poll;
}

function Deadline({ poll, now }: { poll: Poll; now: number }) {
  const localeFormats = useLocaleFormats();
  const deadline = pollDeadline(poll, now);
  if (!deadline || !poll.expiresAt || !localeFormats) return null;
  const span = timeSpan(deadline.value, deadline.unit);
  return (
    <time dateTime={poll.expiresAt} title={absoluteTime(poll.expiresAt)}>
      {deadline.state === 'open' ? t('polls.closes_in', span) : t('polls.closed', span)}
    </time>
  );
}

function Summary({ poll, now }: { poll: Poll; now: number }) {
  const voters = pollVoters(poll);
  return (
    <p className={styles.summary}>
      <span>{tCount('polls.people_voted', voters)}</span>
      <span aria-hidden="true"> · </span>
      <Deadline poll={poll} now={now} />
    </p>
  );
}

function Results({ poll }: { poll: Poll }) {
  const percentages = optionPercentages(poll);
  return (
    <ul className={styles.results}>
      {poll.options.map((option, index) => {
        const percent = percentages[index] ?? 0;
        const mine = poll.ownVotes.includes(index);
        const votes = option.votesCount;
        return (
          <li key={index} className={`${styles.result} ${mine ? styles.mine : ''}`}>
            <div className={styles.resultText}>
              <span className={styles.percent}>{t('polls.result', percent)}</span>
              <span className={styles.title}>
                <RichContent inline text={option.title} emojis={poll.emojis} />
                {mine && (
                  <>
                    <span aria-hidden="true" className={styles.check}>
                      {' '}
                      ✓
                    </span>
                    <VisuallyHidden> ({t('polls.own_vote')})</VisuallyHidden>
                  </>
                )}
              </span>
              {votes !== null && (
                <span className={styles.count}>{tCount('polls.votes', votes)}</span>
              )}
            </div>
            <div className={styles.bar} aria-hidden="true">
              <div className={styles.fill} style={{ width: `${percent}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A status's poll (spec part 2, §4 Poll view): voting for a signed-in viewer who has not voted
 * on an open poll (radio buttons for single choice, checkboxes for multiple, at least one option);
 * results (bars, percentages, counts, own votes marked) once voted or expired, and always for
 * anonymous viewers. While shown, the poll is re-fetched every 30 s and its expiry re-evaluated.
 */
export function PollView({ statusId }: { statusId: string }) {
  const stored = useStatus(statusId);
  // A repeat's poll lives on the repeated status.
  const ownerId = stored && !stored.poll && stored.reblogId ? stored.reblogId : statusId;
  const poll = useStatus(ownerId)?.poll ?? null;
  const signedIn = useSession((state) => state.status === 'signedIn');
  const [now, setNow] = useState(() => Date.now());
  const pollId = poll?.id;
  const expired = poll ? isPollExpired(poll, now) : true;

  useEffect(() => {
    if (!pollId || expired) return undefined;
    const timer = setInterval(() => {
      setNow(Date.now());
      refreshPoll(ownerId, pollId).catch((error: unknown) => console.warn('poll refresh', error));
    }, POLL_REFRESH_MS);
    return () => clearInterval(timer);
  }, [ownerId, pollId, expired]);

  if (!poll) return null;
  const mode = pollMode({ signedIn, voted: poll.voted, expired });
  return (
    // A named group, not a region: a feed of polls would fill the landmark list, and the same
    // poll (repeated, or asked twice with the same options) would name two regions alike.
    <div
      role="group"
      className={styles.poll}
      aria-label={pollName(
        t('polls.poll'),
        poll.options.map((option) => option.title),
      )}
    >
      {mode === 'vote' ? (
        <Suspense fallback={null}>
          <VoteForm statusId={ownerId} poll={poll} />
        </Suspense>
      ) : (
        <Results poll={poll} />
      )}
      <Summary poll={poll} now={now} />
    </div>
  );
}
