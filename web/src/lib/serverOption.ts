/**
 * A server-side account option while it is being changed (spec part 2, §4 "server-side option
 * change"): the control shows no value while the request runs, then the value the server
 * confirmed, or the old value restored with an error. "Settings saved" stays for
 * SAVED_MESSAGE_MS.
 */

export const SAVED_MESSAGE_MS = 2000;

/** 'not_saved': the server answered, but holds another value than the one asked. */
export type OptionMessage = 'saved' | 'error' | 'not_saved' | null;

export interface ServerOptionState<T> {
  /** The value the server holds, as far as we know. */
  confirmed: T;
  /** What the control shows; null while a change is in flight (the value is cleared). */
  shown: T | null;
  pending: boolean;
  message: OptionMessage;
}

export function serverOption<T>(value: T): ServerOptionState<T> {
  return { confirmed: value, shown: value, pending: false, message: null };
}

/** A change was sent: the control is cleared and waits. */
export function optionChangeStarted<T>(state: ServerOptionState<T>): ServerOptionState<T> {
  return { ...state, shown: null, pending: true, message: null };
}

/**
 * The server answered; `value` is what it now holds. When that is not the `asked` value the server
 * did not apply the change (it ignored it), which is said instead of "saved".
 */
export function optionChangeSucceeded<T>(
  state: ServerOptionState<T>,
  value: T,
  asked: T = value,
): ServerOptionState<T> {
  const message = Object.is(value, asked) ? 'saved' : 'not_saved';
  return { confirmed: value, shown: value, pending: false, message };
}

/** The request failed: the old value comes back with the error. */
export function optionChangeFailed<T>(state: ServerOptionState<T>): ServerOptionState<T> {
  return { ...state, shown: state.confirmed, pending: false, message: 'error' };
}

/** The "saved" notice has been shown long enough; an error stays until the next change. */
export function optionMessageExpired<T>(state: ServerOptionState<T>): ServerOptionState<T> {
  return state.message === 'saved' ? { ...state, message: null } : state;
}

/** The account was refreshed from elsewhere: adopt its value unless a change is in flight. */
export function optionRefreshed<T>(state: ServerOptionState<T>, value: T): ServerOptionState<T> {
  if (state.pending || Object.is(state.confirmed, value)) return state;
  return { ...state, confirmed: value, shown: value };
}
