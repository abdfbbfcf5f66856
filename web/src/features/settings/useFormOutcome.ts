import { useState } from 'react';
import { errorText } from './errorText.ts';
import type { Outcome } from './SecurityParts.tsx';

export interface Submission<T> {
  /** The call; resolving means the server agreed. */
  send(): Promise<T>;
  /** What to do once it did (clear the fields, update a list), with its answer. */
  onDone?(answer: T): void;
  /** What to say then; nothing is said when omitted. */
  doneText?: string;
  /** How a failure reads, given the server's reason; the reason alone by default. */
  failureText?(reason: string): string;
}

/**
 * The shape the settings forms share: a submit clears the last outcome, sends, then shows what
 * came of it (for OutcomeLine): the success text, or why it failed.
 */
export function useFormOutcome() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const submit = <T>({ send, onDone, doneText, failureText }: Submission<T>): Promise<void> => {
    setOutcome(null);
    return send().then(
      (answer) => {
        onDone?.(answer);
        if (doneText) setOutcome({ ok: true, text: doneText });
      },
      (error: unknown) => {
        const reason = errorText(error);
        setOutcome({ ok: false, text: failureText ? failureText(reason) : reason });
      },
    );
  };
  /** Shows why another call of the form's section failed. */
  const fail = (error: unknown) => setOutcome({ ok: false, text: errorText(error) });
  return { outcome, setOutcome, submit, fail };
}
