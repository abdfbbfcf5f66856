import { activeApiBase } from '../state/activeServer.ts';
import type { Poller } from '../state/pollers.ts';
import { usePreferences } from '../state/preferences.ts';
import type { SocketClient, SocketClientOptions } from './socketClient.ts';

/**
 * Streaming for the rest of the app. Light on purpose: the socket client, its state machine and
 * the event parsers load only when a signed-in session starts streaming.
 */
export {
  subscribeToStream,
  useStreamingStatus,
  type StreamName,
  type StreamParams,
} from './registry.ts';

export interface StartStreamingOptions {
  /** Runs while the socket is down or disabled (the notifications poller). */
  polling?: Poller;
  /** Tests inject a fake WebSocket class. */
  WebSocket?: SocketClientOptions['WebSocket'];
}

let client: SocketClient | null = null;
let unwatchPreference: (() => void) | null = null;
/** Bumped by every start and stop, so a start still loading after a stop does nothing. */
let generation = 0;

/**
 * Starts the session's socket (spec part 1, §4 login side effects), or starts it disabled (polling)
 * when the useStreamingApi preference is off; turning the preference on or off later follows.
 */
export async function startStreaming(
  token: string,
  options: StartStreamingOptions = {},
): Promise<void> {
  stopStreaming();
  const mine = ++generation;
  const { createSocketClient } = await import('./socketClient.ts');
  if (mine !== generation) return;
  // The active account's server, which may not be this page's (issue 26): its socket is there.
  const base = activeApiBase();
  client = createSocketClient({ token, ...(base ? { location: new URL(base) } : {}), ...options });
  const started = client;
  started.start(usePreferences.getState().useStreamingApi);
  unwatchPreference = usePreferences.subscribe((state, previous) => {
    if (state.useStreamingApi !== previous.useStreamingApi)
      started.setEnabled(state.useStreamingApi);
  });
}

/** Ends streaming (logout): the socket closes cleanly and nothing restarts it. */
export function stopStreaming(): void {
  generation += 1;
  unwatchPreference?.();
  unwatchPreference = null;
  client?.stop();
  client = null;
}
