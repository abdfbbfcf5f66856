/**
 * localStorage that never throws: private modes and disabled cookies make it unavailable or
 * make writes fail. Callers learn about it through `storageAvailable()` (spec part 1, §8 notice).
 */
let available: boolean | null = null;

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Tries a write and a delete once; the answer is cached for the page's lifetime. */
export function storageAvailable(): boolean {
  if (available !== null) return available;
  const storage = store();
  try {
    const probe = 'starling:probe';
    storage!.setItem(probe, '1');
    storage!.removeItem(probe);
    available = true;
  } catch {
    available = false;
  }
  return available;
}

export function readStored<T>(key: string): T | null {
  try {
    const text = store()?.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: unknown): boolean {
  try {
    const storage = store();
    if (!storage) return false;
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeStored(key: string): void {
  try {
    store()?.removeItem(key);
  } catch {
    // Nothing to do: unavailable storage holds nothing.
  }
}

/** For tests: forget the cached availability answer. */
export function resetStorageProbe(): void {
  available = null;
}
