import {
  createElement,
  lazy,
  useSyncExternalStore,
  type ComponentProps,
  type ComponentType,
} from 'react';
import { partsLoaded } from '../i18n/index.ts';
import { withChunkTimeout } from '../lib/chunkErrors.ts';

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
  /*
   * The component itself, when its chunk arrived (preloaded) before any render needed it: rendered
   * as it is, it does not suspend, so no fallback is shown and React does not hold the screen back
   * (it keeps a revealed fallback on screen for at least 300 ms).
   */
  let arrivedFirst: T | null = null;
  const byGeneration = new Map<number, Lazy>();
  // One fetch shared by preload() and the first render; a failed one is forgotten for a retry.
  let fetching: Promise<{ default: T }> | null = null;
  const load = () =>
    (fetching ??= withChunkTimeout(factory(), 'screen')
      .then(
        // The chunk's strings in the language shown (its i18n part) come before its first render.
        (module) => partsLoaded().then(() => module),
      )
      .then(
        (module) => {
          if (!loaded && byGeneration.size === 0) arrivedFirst = module.default;
          return module;
        },
        (error: unknown) => {
          fetching = null;
          throw error;
        },
      ));
  function Retryable(props: ComponentProps<T>) {
    const at = useSyncExternalStore(subscribe, currentGeneration, currentGeneration);
    // One of the two for good: a component that changed type would be mounted anew.
    if (arrivedFirst) return createElement(arrivedFirst, props);
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
