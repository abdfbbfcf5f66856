import {
  createElement,
  lazy,
  useSyncExternalStore,
  type ComponentProps,
  type ComponentType,
} from 'react';

/**
 * React.lazy keeps a failed import failed for good, so a retry needs a fresh lazy component.
 * Every lazyRetry component makes one per retry generation until its chunk has loaded once;
 * retryChunks() (the error boundary's Retry) starts a new generation.
 */
let generation = 0;
const listeners = new Set<() => void>();

export function retryChunks(): void {
  generation += 1;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const currentGeneration = () => generation;

/** A lazy component whose chunk can be fetched ahead of its first render. */
export type Preloadable<T> = T & { preload(): void };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound React.lazy has
export function lazyRetry<T extends ComponentType<any>>(
  factory: () => Promise<{ default: T }>,
): Preloadable<T> {
  type Lazy = ReturnType<typeof lazy<T>>;
  let loaded: Lazy | null = null;
  const byGeneration = new Map<number, Lazy>();
  // One fetch shared by preload() and the first render; a failed one is forgotten for a retry.
  let fetching: Promise<{ default: T }> | null = null;
  const load = () =>
    (fetching ??= factory().catch((error: unknown) => {
      fetching = null;
      throw error;
    }));
  function Retryable(props: ComponentProps<T>) {
    const at = useSyncExternalStore(subscribe, currentGeneration, currentGeneration);
    let component = loaded ?? byGeneration.get(at);
    if (!component) {
      const attempt = lazy(() =>
        load().then((module) => {
          loaded = attempt;
          return module;
        }),
      );
      byGeneration.set(at, attempt);
      component = attempt;
    }
    return createElement(component, props);
  }
  Retryable.preload = () => void load().catch(() => undefined);
  return Retryable as unknown as Preloadable<T>;
}
