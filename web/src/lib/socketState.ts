/**
 * The real-time socket's state machine (spec part 1, section 4 "Real-time socket"). Pure: the
 * streaming client feeds it events and carries out the effects it returns. Effects are commands
 * that are safe to repeat (starting polling while it runs changes nothing).
 *
 * Retry: the delay is 1 s times a multiplier that starts at 1, doubles after each failed attempt,
 * stops growing once the delay reaches 60 s, and goes back to 1 when a socket opens.
 */

export type SocketStatus =
  'starting-initial' | 'starting' | 'joined' | 'error' | 'closed' | 'disabled';

export interface SocketState {
  status: SocketStatus;
  retryMultiplier: number;
}

export const SOCKET_RETRY_BASE_MS = 1000;
export const SOCKET_RETRY_MAX_MS = 60_000;
export const SOCKET_RETRY_GROWTH = 2;
/** Close codes that end the socket on purpose (normal closure, going away): no restart. */
export const SOCKET_CLEAN_CLOSE_CODES: readonly number[] = [1000, 1001];
export const SOCKET_NOTICE_TIMEOUT_MS = 5000;
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
  | { type: 'close'; code: number }
  /** The user turned streaming off / on. */
  | { type: 'disable' }
  | { type: 'enable' };

export type SocketEffect =
  | { type: 'openSocket' }
  | { type: 'closeSocket' }
  | { type: 'restart'; delayMs: number }
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

export const initialSocketState: SocketState = { status: 'closed', retryMultiplier: 1 };

const MAX_MULTIPLIER = SOCKET_RETRY_MAX_MS / SOCKET_RETRY_BASE_MS;

export function retryDelayMs(multiplier: number): number {
  return Math.min(SOCKET_RETRY_BASE_MS * multiplier, SOCKET_RETRY_MAX_MS);
}

const stay = (state: SocketState, effects: SocketEffect[] = []): SocketTransition => ({
  state,
  effects,
});

export function nextSocketState(state: SocketState, event: SocketEvent): SocketTransition {
  const { status } = state;
  switch (event.type) {
    case 'start':
      return status === 'closed'
        ? { state: { ...state, status: 'starting-initial' }, effects: [{ type: 'openSocket' }] }
        : stay(state);

    case 'retry':
      // Ignored unless still waiting to retry (e.g. the user disabled streaming meanwhile).
      return status === 'error'
        ? { state: { ...state, status: 'starting' }, effects: [{ type: 'openSocket' }] }
        : stay(state);

    case 'enable':
      return status === 'disabled'
        ? {
            state: { status: 'starting-initial', retryMultiplier: 1 },
            effects: [{ type: 'openSocket' }],
          }
        : stay(state);

    case 'disable':
      if (status === 'disabled') return stay(state);
      return {
        state: { status: 'disabled', retryMultiplier: 1 },
        effects: [
          ...(status === 'starting-initial' || status === 'starting' || status === 'joined'
            ? [{ type: 'closeSocket' } as const]
            : []),
          { type: 'startPolling' },
        ],
      };

    case 'open': {
      if (status === 'disabled') return stay(state, [{ type: 'closeSocket' }]);
      if (status !== 'starting-initial' && status !== 'starting') return stay(state);
      const effects: SocketEffect[] = [
        { type: 'stopPolling' },
        { type: 'liftNotificationSilence', delayMs: NOTIFICATION_SILENCE_MS },
      ];
      if (status === 'starting') {
        effects.push({
          type: 'notice',
          level: 'success',
          key: SOCKET_NOTICE_KEYS.reconnected,
          args: {},
          timeoutMs: SOCKET_NOTICE_TIMEOUT_MS,
        });
      }
      return { state: { status: 'joined', retryMultiplier: 1 }, effects };
    }

    case 'close': {
      if (status === 'disabled' || status === 'closed' || status === 'error') return stay(state);
      if (SOCKET_CLEAN_CLOSE_CODES.includes(event.code)) {
        // A clean close is how the client itself ends streaming (logout): nothing to resume.
        return { state: { ...state, status: 'closed' }, effects: [] };
      }
      const effects: SocketEffect[] = [];
      // One notice per outage: failed retries of a socket already reported stay quiet.
      if (status !== 'starting') {
        effects.push({
          type: 'notice',
          level: 'error',
          key: SOCKET_NOTICE_KEYS.broken,
          args: { code: event.code },
          timeoutMs: SOCKET_NOTICE_TIMEOUT_MS,
        });
      }
      effects.push(
        { type: 'startPolling' },
        { type: 'restart', delayMs: retryDelayMs(state.retryMultiplier) },
      );
      return {
        state: {
          status: 'error',
          retryMultiplier: Math.min(state.retryMultiplier * SOCKET_RETRY_GROWTH, MAX_MULTIPLIER),
        },
        effects,
      };
    }
  }
}
