/** The state each two-state action was last asked for, while its requests are on their way. */
const wanted = new Map<string, boolean>();

export type InTurnResult<T> =
  /** The answer to the last change asked for. */
  | { kind: 'answered'; answer: T }
  /** Another request of the same key was on its way: its sender sends this change after it. */
  | { kind: 'queued' }
  /** A request failed; `held` is what the server holds, as far as its answers tell. */
  | { kind: 'failed'; error: unknown; held: boolean };

/**
 * Sends a two-state change (a favourite, a repeat, a reaction) one request at a time per `key`.
 * A change asked for while another is on its way is sent once that one is answered, so the server
 * applies clicks in the order they were made (two requests at once can reach it in either order);
 * an answer overtaken by a later change is skipped, so it cannot undo that change on screen, and
 * changes that cancel out while one is on its way send nothing more. `from` is the state before
 * this change; `send(on)` asks the server for state `on`.
 */
export async function sendInTurn<T>(
  key: string,
  from: boolean,
  send: (on: boolean) => Promise<T>,
): Promise<InTurnResult<T>> {
  const sending = wanted.has(key);
  wanted.set(key, !from);
  if (sending) return { kind: 'queued' };
  let held = from;
  try {
    for (;;) {
      const asked = wanted.get(key) === true;
      const answer = await send(asked);
      held = asked;
      if (wanted.get(key) === held) return { kind: 'answered', answer };
    }
  } catch (error) {
    return { kind: 'failed', error, held };
  } finally {
    wanted.delete(key);
  }
}

export interface OptimisticToggle<T> {
  key: string;
  /** Whether the screen shows it on. */
  isOn(): boolean;
  /** Turns it the other way on screen. */
  flip(): void;
  /** Asks the server for state `on`. */
  send(on: boolean): Promise<T>;
}

/**
 * An optimistic two-state action: shown turned at once, sent in turn (sendInTurn), and on failure
 * shown again as the server holds it; other changes made meanwhile stay.
 */
export async function toggleInTurn<T>({
  key,
  isOn,
  flip,
  send,
}: OptimisticToggle<T>): Promise<InTurnResult<T>> {
  const from = isOn();
  flip();
  const result = await sendInTurn(key, from, send);
  if (result.kind === 'failed' && isOn() !== result.held) flip();
  return result;
}
