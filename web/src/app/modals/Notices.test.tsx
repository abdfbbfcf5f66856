import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotices } from '../../state/notices.ts';
import { Notices } from './Notices.tsx';

beforeEach(() => useNotices.getState().clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('global notices', () => {
  it('shows the message with its arguments; errors as alerts, others as status', () => {
    render(<Notices />);
    act(() => {
      useNotices.getState().push({
        level: 'error',
        messageKey: 'timeline.error',
        messageArgs: ['timed out'],
      });
      useNotices.getState().push({ level: 'info', messageKey: 'timeline.no_statuses' });
    });
    expect(screen.getByRole('alert').textContent).toBe('Error fetching timeline: timed out');
    expect(screen.getByRole('status').textContent).toBe('No statuses');
  });

  it('each notice has its own dismiss button', () => {
    render(<Notices />);
    act(() => {
      useNotices.getState().push({ level: 'warning', messageKey: 'timeline.no_statuses' });
      useNotices.getState().push({ level: 'success', messageKey: 'timeline.loading' });
    });
    const dismissButtons = screen.getAllByRole('button', { name: 'Dismiss' });
    expect(dismissButtons).toHaveLength(2);
    fireEvent.click(dismissButtons[0]!);
    expect(screen.queryByText('No statuses')).toBeNull();
    expect(screen.getByText('Loading...')).toBeTruthy();
  });

  it('a notice with a timeout goes away by itself', () => {
    vi.useFakeTimers();
    render(<Notices />);
    act(() => {
      useNotices.getState().push({
        level: 'error',
        messageKey: 'timeline.error',
        messageArgs: ['boom'],
        timeoutMs: 5000,
      });
    });
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('alert')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('identical notices show once with a count, and at most three show at once', () => {
    render(<Notices />);
    act(() => {
      for (let i = 0; i < 20; i += 1)
        useNotices.getState().push({
          level: 'error',
          messageKey: 'streaming.socket_broken',
          messageArgs: [1006],
        });
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByLabelText('raised 20 times')).toBeTruthy();
    act(() => {
      for (const key of ['timeline.no_statuses', 'timeline.loading', 'modals.load_failed'])
        useNotices.getState().push({ level: 'info', messageKey: key });
    });
    expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(3);
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    // Dismissing one brings the waiting one back into view.
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[2]!);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('sits in a polite live region that is there before any notice', () => {
    const { container } = render(<Notices />);
    const live = container.querySelector('[aria-live="polite"]');
    expect(live).not.toBeNull();
    act(
      () =>
        void useNotices.getState().push({ level: 'success', messageKey: 'timeline.no_statuses' }),
    );
    expect(live?.textContent).toContain('No statuses');
  });
});
