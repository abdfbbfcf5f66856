/**
 * The registry of background pollers (spec part 1, §4 login side effects and §9 poll periods).
 * Features register a poller by name; sign-in starts them all and sign-out stops them all.
 * Registering under a name that exists replaces (and stops) the old poller.
 */
export interface Poller {
  start(): void;
  stop(): void;
}

const pollers = new Map<string, Poller>();
let running = false;

export function registerPoller(name: string, poller: Poller): () => void {
  pollers.get(name)?.stop();
  pollers.set(name, poller);
  if (running) poller.start();
  return () => {
    if (pollers.get(name) !== poller) return;
    poller.stop();
    pollers.delete(name);
  };
}

export function startAll(): void {
  running = true;
  for (const poller of pollers.values()) poller.start();
}

export function stopAll(): void {
  running = false;
  for (const poller of pollers.values()) poller.stop();
}

export function pollersRunning(): boolean {
  return running;
}

export function registeredPollers(): string[] {
  return [...pollers.keys()];
}

/**
 * A poller that runs `tick` at once and then every `periodMs`, never two ticks at a time
 * (a slow answer delays the next tick instead of piling requests up).
 */
export function intervalPoller(
  periodMs: number,
  tick: () => Promise<void>,
  options: {
    /** How long a start waits before its first tick (0: at once). */
    firstDelayMs?: () => number;
  } = {},
): Poller {
  let active = false;
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = async (current: number) => {
    try {
      await tick();
    } catch (error) {
      console.warn('poller tick failed', error);
    }
    if (active && current === generation) timer = setTimeout(() => void run(current), periodMs);
  };
  return {
    start() {
      if (active) return;
      active = true;
      generation += 1;
      const current = generation;
      const delay = options.firstDelayMs?.() ?? 0;
      if (delay > 0) timer = setTimeout(() => void run(current), delay);
      else void run(current);
    },
    stop() {
      active = false;
      generation += 1;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
