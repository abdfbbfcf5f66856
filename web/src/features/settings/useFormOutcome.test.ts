import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { useFormOutcome } from './useFormOutcome.ts';

describe('useFormOutcome', () => {
  it('says the success text once the server agreed, after doing what follows', async () => {
    const { result } = renderHook(() => useFormOutcome());
    const onDone = vi.fn();
    await act(() =>
      result.current.submit({ send: async () => ['code'], onDone, doneText: 'Saved' }),
    );
    expect(onDone).toHaveBeenCalledWith(['code']);
    expect(result.current.outcome).toEqual({ ok: true, text: 'Saved' });
  });

  it("says the server's reason for a refusal, in the form's words, and does nothing more", async () => {
    const { result } = renderHook(() => useFormOutcome());
    const onDone = vi.fn();
    await act(() =>
      result.current.submit({
        send: () => Promise.reject(new ApiError('Invalid password.', 403, null, 'http')),
        onDone,
        doneText: 'Saved',
        failureText: (reason) => `Could not add: ${reason}`,
      }),
    );
    expect(onDone).not.toHaveBeenCalled();
    expect(result.current.outcome).toEqual({ ok: false, text: 'Could not add: Invalid password.' });
  });

  it('clears the last outcome when the form is sent again', async () => {
    const { result } = renderHook(() => useFormOutcome());
    act(() => result.current.fail(new ApiError('Try later', 503, null, 'http')));
    expect(result.current.outcome).toEqual({ ok: false, text: 'Try later' });
    let answer: (value: unknown) => void = () => undefined;
    let sent: Promise<void> = Promise.resolve();
    act(() => {
      sent = result.current.submit({ send: () => new Promise((resolve) => (answer = resolve)) });
    });
    expect(result.current.outcome).toBeNull();
    await act(async () => {
      answer(undefined);
      await sent;
    });
    expect(result.current.outcome).toBeNull();
  });
});
