import { describe, expect, it } from 'vitest';
import { sendInTurn, toggleInTurn } from './sendInTurn.ts';

/** A server whose answers the test releases one by one. */
function slowServer() {
  const sent: boolean[] = [];
  const answers: ((value: string) => void)[] = [];
  const failures: ((error: Error) => void)[] = [];
  const send = (on: boolean) =>
    new Promise<string>((resolve, reject) => {
      sent.push(on);
      answers.push(resolve);
      failures.push(reject);
    });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { sent, answers, failures, send, settle };
}

describe('sendInTurn', () => {
  it('sends one change and gives its answer', async () => {
    const server = slowServer();
    const result = sendInTurn('a', false, server.send);
    await server.settle();
    server.answers[0]!('on');
    expect(await result).toEqual({ kind: 'answered', answer: 'on' });
    expect(server.sent).toEqual([true]);
  });

  it('a change while one is on its way is sent after its answer, and only its answer is given', async () => {
    const server = slowServer();
    const first = sendInTurn('b', false, server.send);
    expect(await sendInTurn('b', true, server.send)).toEqual({ kind: 'queued' });
    await server.settle();
    expect(server.sent).toEqual([true]);
    server.answers[0]!('on');
    await server.settle();
    expect(server.sent).toEqual([true, false]);
    server.answers[1]!('off');
    expect(await first).toEqual({ kind: 'answered', answer: 'off' });
  });

  it('changes that cancel out while one is on its way send nothing more', async () => {
    const server = slowServer();
    const first = sendInTurn('c', false, server.send);
    await sendInTurn('c', true, server.send);
    await sendInTurn('c', false, server.send);
    server.answers[0]!('on');
    expect(await first).toEqual({ kind: 'answered', answer: 'on' });
    expect(server.sent).toEqual([true]);
  });

  it('a failure tells what the server holds: the last state it answered', async () => {
    const server = slowServer();
    const first = sendInTurn('d', false, server.send);
    await sendInTurn('d', true, server.send);
    server.answers[0]!('on');
    await server.settle();
    const refused = new Error('refused');
    server.failures[1]!(refused);
    expect(await first).toEqual({ kind: 'failed', error: refused, held: true });
    // The key is free again: the next change is sent at once.
    const next = sendInTurn('d', true, server.send);
    await server.settle();
    expect(server.sent).toEqual([true, false, false]);
    server.answers[2]!('off');
    expect(await next).toEqual({ kind: 'answered', answer: 'off' });
  });

  it('keys are independent', async () => {
    const server = slowServer();
    void sendInTurn('e', false, server.send);
    void sendInTurn('f', true, server.send);
    await server.settle();
    expect(server.sent).toEqual([true, false]);
  });
});

describe('toggleInTurn', () => {
  it('shows the change at once and, on a failure, shows what the server holds', async () => {
    const server = slowServer();
    let on = false;
    const toggle = () =>
      toggleInTurn({ key: 'g', isOn: () => on, flip: () => (on = !on), send: server.send });
    const first = toggle();
    expect(on).toBe(true);
    void toggle();
    expect(on).toBe(false);
    await server.settle();
    server.answers[0]!('on');
    await server.settle();
    // The second click's request fails: the server still holds the first.
    server.failures[1]!(new Error('refused'));
    expect((await first).kind).toBe('failed');
    expect(on).toBe(true);
  });
});
