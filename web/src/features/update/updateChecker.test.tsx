import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILD_META_NAME, UPDATE_CHECK_INTERVAL_MS } from '../../lib/updateCheck.ts';
import { usePreferences } from '../../state/preferences.ts';
import { startUpdateChecks } from './updateChecker.tsx';

const MINUTE = 60_000;
const notice = () => screen.queryByRole('region', { name: 'New version' });

let stop: () => void = () => undefined;
let clock = 0;

function runningBuild(id: string | null) {
  document.head.querySelector(`meta[name="${BUILD_META_NAME}"]`)?.remove();
  if (id === null) return;
  const meta = document.createElement('meta');
  meta.name = BUILD_META_NAME;
  meta.content = id;
  document.head.append(meta);
}

/** Starts the checks with a server answering `answers` in turn (the last one from then on). */
function start(...answers: (() => Promise<unknown>)[]) {
  const fetchBuildInfo = vi.fn(() => (answers.length > 1 ? answers.shift()! : answers[0]!)());
  stop = startUpdateChecks({ fetchBuildInfo, now: () => clock });
  return fetchBuildInfo;
}

const serves = (build: string) => () => Promise.resolve({ build });
const focus = () => act(() => void window.dispatchEvent(new Event('focus')));

beforeEach(() => {
  clock = 1_000_000;
  usePreferences.getState().resetPreferences();
  runningBuild('b1');
});
afterEach(() => {
  act(() => stop());
  runningBuild(null);
  vi.useRealTimers();
});

describe('checking for a newer build', () => {
  it('asks the server when the window regains focus and shows the notice for another build', async () => {
    const fetchBuildInfo = start(serves('b2'));
    expect(fetchBuildInfo).not.toHaveBeenCalled();
    focus();
    expect(fetchBuildInfo).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(notice()).not.toBeNull());
    // The notice sits in a live region that was on the page before it.
    expect(notice()?.parentElement?.getAttribute('aria-live')).toBe('polite');
  });

  it('shows nothing while the server serves the running build', async () => {
    const fetchBuildInfo = start(serves('b1'));
    focus();
    await act(() => fetchBuildInfo.mock.results[0]!.value as Promise<unknown>);
    expect(notice()).toBeNull();
  });

  it('asks at most once a minute, however often the window regains focus', () => {
    const fetchBuildInfo = start(serves('b1'));
    focus();
    clock += MINUTE - 1;
    focus();
    expect(fetchBuildInfo).toHaveBeenCalledTimes(1);
    clock += 1;
    focus();
    expect(fetchBuildInfo).toHaveBeenCalledTimes(2);
  });

  it('asks every ten minutes too', () => {
    vi.useFakeTimers();
    const fetchBuildInfo = start(serves('b1'));
    clock += UPDATE_CHECK_INTERVAL_MS;
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(fetchBuildInfo).toHaveBeenCalledTimes(1);
    clock += UPDATE_CHECK_INTERVAL_MS;
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(fetchBuildInfo).toHaveBeenCalledTimes(2);
  });

  it('ignores a failed or odd answer without a word, and shows the next good one', async () => {
    const fetchBuildInfo = start(
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve('<!doctype html>'),
      serves('b2'),
    );
    focus();
    clock += MINUTE;
    focus();
    await act(async () => {
      await Promise.allSettled(fetchBuildInfo.mock.results.map((result) => result.value));
    });
    expect(notice()).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    clock += MINUTE;
    focus();
    await waitFor(() => expect(notice()).not.toBeNull());
  });

  it('does not ask while the user has update notices turned off', () => {
    usePreferences.getState().setPreference('dontShowUpdateNotifs', true);
    const fetchBuildInfo = start(serves('b2'));
    focus();
    expect(fetchBuildInfo).not.toHaveBeenCalled();
    usePreferences.getState().setPreference('dontShowUpdateNotifs', false);
    focus();
    expect(fetchBuildInfo).toHaveBeenCalledTimes(1);
  });

  it('never asks where the page names no build (a development server)', () => {
    runningBuild(null);
    const fetchBuildInfo = start(serves('b2'));
    focus();
    expect(fetchBuildInfo).not.toHaveBeenCalled();
  });

  it('stops asking once stopped, and takes its notice away', async () => {
    const fetchBuildInfo = start(serves('b2'));
    focus();
    await waitFor(() => expect(notice()).not.toBeNull());
    act(() => stop());
    expect(notice()).toBeNull();
    clock += MINUTE;
    focus();
    expect(fetchBuildInfo).toHaveBeenCalledTimes(1);
  });
});
