import type { Database } from 'better-sqlite3';
import { sql, nowIso } from './index.ts';
import { newId } from './ids.ts';

export interface PollRow {
  id: string;
  status_id: string;
  options_json: string;
  multiple: number;
  expires_at: string | null;
  created_at: string;
}

export interface PollInput {
  options: string[];
  expiresIn: number;
  multiple: boolean;
}

export interface PollLimits {
  max_options: number;
  max_option_chars: number;
  min_expiration: number;
  max_expiration: number;
}

/** Pleroma's checks (CommonAPI make_poll_data), in its order; the message, or null when valid. */
export function pollProblem(input: PollInput, limits: PollLimits): string | null {
  if (input.options.length > limits.max_options)
    return `Poll can't contain more than ${limits.max_options} options`;
  if (input.options.some((o) => [...o].length > limits.max_option_chars))
    return `Poll options cannot be longer than ${limits.max_option_chars} characters each`;
  if (input.expiresIn < limits.min_expiration) return 'Expiration date is too soon';
  if (input.expiresIn > limits.max_expiration) return 'Expiration date is too far in the future';
  const unique = new Set(input.options.map((o) => o.trim()).filter((o) => o.length > 0));
  if (unique.size < 2 || unique.size !== input.options.length)
    return 'Too few unique options in poll';
  return null;
}

export function insertPoll(
  db: Database,
  statusId: string,
  input: PollInput,
  createdAt = nowIso(),
): PollRow {
  const id = newId();
  const expiresAt = new Date(Date.parse(createdAt) + input.expiresIn * 1000).toISOString();
  sql(
    db,
    'INSERT INTO polls (id, status_id, options_json, multiple, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(id, statusId, JSON.stringify(input.options), input.multiple ? 1 : 0, expiresAt, createdAt);
  return getPoll(db, id)!;
}

export function getPoll(db: Database, id: string): PollRow | undefined {
  return sql(db, 'SELECT * FROM polls WHERE id = ?').get(id) as PollRow | undefined;
}

export function pollOfStatus(db: Database, statusId: string): PollRow | undefined {
  return sql(db, 'SELECT * FROM polls WHERE status_id = ?').get(statusId) as PollRow | undefined;
}

export function pollOptions(poll: PollRow): string[] {
  try {
    const value = JSON.parse(poll.options_json) as unknown;
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

export function pollExpired(poll: PollRow, now = Date.now()): boolean {
  return poll.expires_at !== null && Date.parse(poll.expires_at) <= now;
}

export interface PollTally {
  /** Votes per option index. */
  counts: number[];
  votesCount: number;
  votersCount: number;
  ownVotes: number[];
}

export function tallyPoll(db: Database, poll: PollRow, viewerId: string | null): PollTally {
  const options = pollOptions(poll);
  const counts = options.map(() => 0);
  const rows = sql(
    db,
    'SELECT choice, count(*) AS n FROM poll_votes WHERE poll_id = ? GROUP BY choice',
  ).all(poll.id) as { choice: number; n: number }[];
  let votesCount = 0;
  for (const row of rows) {
    if (row.choice >= 0 && row.choice < counts.length) counts[row.choice] = row.n;
    votesCount += row.n;
  }
  const voters = sql(
    db,
    'SELECT count(DISTINCT account_id) AS n FROM poll_votes WHERE poll_id = ?',
  ).get(poll.id) as { n: number };
  const ownVotes = viewerId
    ? (
        sql(
          db,
          'SELECT choice FROM poll_votes WHERE poll_id = ? AND account_id = ? ORDER BY choice',
        ).all(poll.id, viewerId) as { choice: number }[]
      ).map((r) => r.choice)
    : [];
  return { counts, votesCount, votersCount: voters.n, ownVotes };
}

/**
 * Records a vote as Pleroma's CommonAPI.vote does; returns an error message (answered 422) or
 * null on success.
 */
export function votePoll(
  db: Database,
  poll: PollRow,
  authorId: string,
  voterId: string,
  choices: number[],
  at = nowIso(),
): string | null {
  return db.transaction((): string | null => {
    if (voterId === authorId) return "Poll's author can't vote";
    if (pollExpired(poll)) return "Poll's expired";
    const already = sql(db, 'SELECT 1 FROM poll_votes WHERE poll_id = ? AND account_id = ?').get(
      poll.id,
      voterId,
    );
    if (already) return 'Already voted';
    const count = pollOptions(poll).length;
    const unique = [...new Set(choices)];
    if (unique.length === 0) return 'Invalid indices';
    if (unique.some((c) => !Number.isInteger(c) || c < 0 || c >= count)) return 'Invalid indices';
    if (!poll.multiple && unique.length > 1) return 'Too many choices';
    const insert = sql(
      db,
      'INSERT INTO poll_votes (poll_id, account_id, choice, created_at) VALUES (?, ?, ?, ?)',
    );
    for (const choice of unique) insert.run(poll.id, voterId, choice, at);
    return null;
  })();
}

/** Drops the poll of a status (used when an edit replaces it). */
export function deletePollOfStatus(db: Database, statusId: string): void {
  sql(db, 'DELETE FROM polls WHERE status_id = ?').run(statusId);
}
