import { describe, expect, it } from 'vitest';
import {
  optionChangeFailed,
  optionChangeStarted,
  optionChangeSucceeded,
  optionMessageExpired,
  optionRefreshed,
  serverOption,
} from './serverOption.ts';

describe('a server-side option being changed', () => {
  it('is cleared while the request runs, then shows what the server confirmed', () => {
    const started = optionChangeStarted(serverOption(false));
    expect(started).toMatchObject({ shown: null, pending: true, confirmed: false });
    const saved = optionChangeSucceeded(started, true);
    expect(saved).toEqual({ confirmed: true, shown: true, pending: false, message: 'saved' });
    expect(optionMessageExpired(saved).message).toBeNull();
  });

  it('says the server did not save it when the answer holds another value than asked', () => {
    const ignored = optionChangeSucceeded(optionChangeStarted(serverOption(false)), false, true);
    expect(ignored).toEqual({
      confirmed: false,
      shown: false,
      pending: false,
      message: 'not_saved',
    });
    expect(optionMessageExpired(ignored).message).toBe('not_saved');
  });

  it('gets its old value back with an error when the request fails', () => {
    const failed = optionChangeFailed(optionChangeStarted(serverOption('public')));
    expect(failed).toEqual({
      confirmed: 'public',
      shown: 'public',
      pending: false,
      message: 'error',
    });
    // The error stays until the next change.
    expect(optionMessageExpired(failed).message).toBe('error');
  });

  it('adopts a refreshed account value only while nothing is in flight', () => {
    expect(optionRefreshed(serverOption(false), true).shown).toBe(true);
    const inFlight = optionChangeStarted(serverOption(false));
    expect(optionRefreshed(inFlight, true)).toBe(inFlight);
  });
});
