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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound React.lazy has
export function lazyRetry<T extends ComponentType<any>>(factory: () => Promise<{ default: T }>): T {
  type Lazy = ReturnType<typeof lazy<T>>;
  let loaded: Lazy | null = null;
  const byGeneration = new Map<number, Lazy>();
  function Retryable(props: ComponentProps<T>) {
    const at = useSyncExternalStore(subscribe, currentGeneration, currentGeneration);
    let component = loaded ?? byGeneration.get(at);
    if (!component) {
      const attempt = lazy(() =>
        factory().then((module) => {
          loaded = attempt;
          return module;
        }),
      );
      byGeneration.set(at, attempt);
      component = attempt;
    }
    return createElement(component, props);
  }
  return Retryable as unknown as T;
}
