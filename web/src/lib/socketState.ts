/**
 * The real-time socket's state machine (spec part 1, section 4 "Real-time socket", and issue 10:
 * live updates degrade quietly). Pure: the streaming client feeds it events and carries out the
 * effects it returns. Effects are commands that are safe to repeat (starting polling while it runs
 * changes nothing).
 *
 * Retry: the delay is 1 s times a multiplier that starts at 1, doubles after each failed attempt
 * and stops growing once the delay reaches 60 s. An attempt counts as failed until its socket has
 * stayed open for SOCKET_STABLE_MS: a proxy that accepts and at once drops the socket must not
 * reset the back-off. After SOCKET_SETTLE_AFTER_FAILURES failed attempts in a row the client
 * settles on polling and opens no more sockets. Only a socket that had stayed open and then broke
 * is reported; 'Live updates are back' follows only once a new socket has stayed open.
 */

export type SocketStatus =
  | 'starting-initial'
  | 'starting'
  | 'joined'
  | 'error'
  | 'closed'
  | 'disabled'
  /** Given up on the socket after repeated failures: polling only, no more attempts. */
  | 'settled';

export interface SocketState {
  status: SocketStatus;
  retryMultiplier: number;
  /** Failed attempts in a row (sockets refused, or closed before they stayed open). */
  failures: number;
  /** The joined socket has stayed open long enough to count as working. */
  stable: boolean;
  /** A working socket broke and no socket has worked since: the outage was reported. */
  outage: boolean;
  /** Counts opened sockets, so a late 'stable' of an earlier socket is told apart. */
  attempt: number;
}

export const SOCKET_RETRY_BASE_MS = 1000;
export const SOCKET_RETRY_MAX_MS = 60_000;
export const SOCKET_RETRY_GROWTH = 2;
/** Close codes that end the socket on purpose (normal closure, going away): no restart. */
export const SOCKET_CLEAN_CLOSE_CODES: readonly number[] = [1000, 1001];
export const SOCKET_NOTICE_TIMEOUT_MS = 5000;
/** How long a socket must stay open to count as working. */
export const SOCKET_STABLE_MS = 5000;
/** Failed attempts in a row after which the client settles on polling. */
export const SOCKET_SETTLE_AFTER_FAILURES = 4;
/** Desktop notifications stay silent this long after streaming starts (the catch-up burst). */
export const NOTIFICATION_SILENCE_MS = 10_000;

export const SOCKET_NOTICE_KEYS = {
  broken: 'streaming.socket_broken',
  reconnected: 'streaming.socket_reconnected',
} as const;

export type SocketEvent =
  /** Start streaming (after login, or when nothing is running). */
  | { type: 'start' }
  /** A scheduled restart is due. */
  | { type: 'retry' }
  | { type: 'open' }
  /** The socket of `attempt` is still open SOCKET_STABLE_MS after it opened. */
  | { type: 'stable'; attempt: number }
  | { type: 'close'; code: number }
  /** The user turned streaming off / on. */
  | { type: 'disable' }
  | { type: 'enable' };

export type SocketEffect =
  | { type: 'openSocket' }
  | { type: 'closeSocket' }
  | { type: 'restart'; delayMs: number }
  /** Send a 'stable' event for this attempt after the delay. */
  | { type: 'confirmStable'; attempt: number; delayMs: number }
  | { type: 'startPolling' }
  | { type: 'stopPolling' }
  | { type: 'liftNotificationSilence'; delayMs: number }
  | {
      type: 'notice';
      level: 'error' | 'success';
      key: string;
      args: Record<string, string | number>;
      timeoutMs: number;
    };

export interface SocketTransition {
  state: SocketState;
  effects: SocketEffect[];
}

export const initialSocketState: SocketState = {
  status: 'closed',
  retryMultiplier: 1,
  failures: 0,
  stable: false,
  outage: false,
  attempt: 0,
};

const MAX_MULTIPLIER = SOCKET_RETRY_MAX_MS / SOCKET_RETRY_BASE_MS;

export function retryDelayMs(multiplier: number): number {
  return Math.min(SOCKET_RETRY_BASE_MS * multiplier, SOCKET_RETRY_MAX_MS);
}

const stay = (state: SocketState, effects: SocketEffect[] = []): SocketTransition => ({
  state,
  effects,
});

const notice = (level: 'error' | 'success', key: string, args: Record<string, number> = {}) =>
  ({ type: 'notice', level, key, args, timeoutMs: SOCKET_NOTICE_TIMEOUT_MS }) as const;

const fresh = (status: SocketStatus): SocketState => ({
  ...initialSocketState,
  status,
});

function closed(state: SocketState, code: number): SocketTransition {
  const { status } = state;
  if (status === 'disabled' || status === 'closed' || status === 'error' || status === 'settled')
    return stay(state);
  if (SOCKET_CLEAN_CLOSE_CODES.includes(code)) {
    // A clean close is how the client itself ends streaming (logout): nothing to resume.
    return { state: { ...state, status: 'closed', stable: false }, effects: [] };
  }
  const working = status === 'joined' && state.stable;
  const effects: SocketEffect[] = [];
  // One notice per outage, and only for a socket that had worked: a server without streaming
  // (or a proxy refusing it) degrades to polling without a word.
  if (working) effects.push(notice('error', SOCKET_NOTICE_KEYS.broken, { code }));
  effects.push({ type: 'startPolling' });
  const failures = working ? 1 : state.failures + 1;
  const multiplier = working ? 1 : state.retryMultiplier;
  const outage = working || state.outage;
  if (failures >= SOCKET_SETTLE_AFTER_FAILURES) {
    return {
      state: { ...state, status: 'settled', failures, stable: false, outage },
      effects,
    };
  }
  effects.push({ type: 'restart', delayMs: retryDelayMs(multiplier) });
  return {
    state: {
      ...state,
      status: 'error',
      failures,
      stable: false,
      outage,
      retryMultiplier: Math.min(multiplier * SOCKET_RETRY_GROWTH, MAX_MULTIPLIER),
    },
    effects,
  };
}

export function nextSocketState(state: SocketState, event: SocketEvent): SocketTransition {
  const { status } = state;
  switch (event.type) {
    case 'start':
      return status === 'closed'
        ? {
            state: { ...fresh('starting-initial'), attempt: state.attempt + 1 },
            effects: [{ type: 'openSocket' }],
          }
        : stay(state);

    case 'retry':
      // Ignored unless still waiting to retry (e.g. the user disabled streaming meanwhile).
      return status === 'error'
        ? {
            state: { ...state, status: 'starting', attempt: state.attempt + 1 },
            effects: [{ type: 'openSocket' }],
          }
        : stay(state);

    case 'enable':
      return status === 'disabled'
        ? {
            state: { ...fresh('starting-initial'), attempt: state.attempt + 1 },
            effects: [{ type: 'openSocket' }],
          }
        : stay(state);

    case 'disable':
      if (status === 'disabled') return stay(state);
      return {
        state: { ...fresh('disabled'), attempt: state.attempt },
        effects: [
          ...(status === 'starting-initial' || status === 'starting' || status === 'joined'
            ? [{ type: 'closeSocket' } as const]
            : []),
          { type: 'startPolling' },
        ],
      };

    case 'open': {
      if (status === 'disabled' || status === 'settled')
        return stay(state, [{ type: 'closeSocket' }]);
      if (status !== 'starting-initial' && status !== 'starting') return stay(state);
      return {
        state: { ...state, status: 'joined', stable: false },
        effects: [
          { type: 'stopPolling' },
          { type: 'liftNotificationSilence', delayMs: NOTIFICATION_SILENCE_MS },
          { type: 'confirmStable', attempt: state.attempt, delayMs: SOCKET_STABLE_MS },
        ],
      };
    }

    case 'stable': {
      if (status !== 'joined' || state.stable || event.attempt !== state.attempt)
        return stay(state);
      const effects: SocketEffect[] = state.outage
        ? [notice('success', SOCKET_NOTICE_KEYS.reconnected)]
        : [];
      return {
        state: { ...state, stable: true, failures: 0, retryMultiplier: 1, outage: false },
        effects,
      };
    }

    case 'close':
      return closed(state, event.code);
  }
}
